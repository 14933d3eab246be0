-- CreateEnum
CREATE TYPE "digest_scope" AS ENUM ('all', 'uploaded', 'none');

-- AlterEnum
ALTER TYPE "notification_status" ADD VALUE 'dropped';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "team_id" UUID;

-- AlterTable
ALTER TABLE "team_members" ADD COLUMN     "digest_scope" "digest_scope" NOT NULL DEFAULT 'uploaded',
ADD COLUMN     "notify_team_alerts" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "notifications_team_id_idx" ON "notifications"("team_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data (Prisma cannot state it): every team so far has its owner as the only recipient of its
-- digests, for all its documents; the owner keeps exactly that. Members who joined keep the
-- column's default, `uploaded`: the documents they uploaded themselves.
UPDATE "team_members" SET "digest_scope" = 'all' WHERE "role" = 'owner';
