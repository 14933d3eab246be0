-- AlterTable
ALTER TABLE "users" DROP COLUMN "session_version";
