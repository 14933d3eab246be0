-- CreateEnum
CREATE TYPE "room_access_level" AS ENUM ('none', 'view', 'download');

-- AlterTable
ALTER TABLE "room_links" ADD COLUMN     "group_id" UUID;

-- CreateTable
CREATE TABLE "room_groups" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "room_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "default_access" "room_access_level" NOT NULL DEFAULT 'none',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "room_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "room_group_access" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "group_id" UUID NOT NULL,
    "folder_id" UUID,
    "document_id" UUID,
    "level" "room_access_level" NOT NULL,

    CONSTRAINT "room_group_access_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "room_groups_room_id_created_at_idx" ON "room_groups"("room_id", "created_at");

-- CreateIndex
CREATE INDEX "room_group_access_folder_id_idx" ON "room_group_access"("folder_id");

-- CreateIndex
CREATE INDEX "room_group_access_document_id_idx" ON "room_group_access"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "room_group_access_group_id_folder_id_key" ON "room_group_access"("group_id", "folder_id");

-- CreateIndex
CREATE UNIQUE INDEX "room_group_access_group_id_document_id_key" ON "room_group_access"("group_id", "document_id");

-- CreateIndex
CREATE INDEX "room_links_group_id_idx" ON "room_links"("group_id");

-- AddForeignKey
ALTER TABLE "room_links" ADD CONSTRAINT "room_links_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "room_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_groups" ADD CONSTRAINT "room_groups_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_group_access" ADD CONSTRAINT "room_group_access_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "room_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_group_access" ADD CONSTRAINT "room_group_access_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "room_folders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_group_access" ADD CONSTRAINT "room_group_access_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
