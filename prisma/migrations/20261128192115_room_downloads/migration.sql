-- AlterTable
ALTER TABLE "downloads" ADD COLUMN     "room_id" UUID,
ADD COLUMN     "room_link_id" UUID,
ADD COLUMN     "room_zip_id" UUID;

-- CreateIndex
CREATE INDEX "downloads_room_id_created_at_idx" ON "downloads"("room_id", "created_at");

-- CreateIndex
CREATE INDEX "downloads_room_link_id_idx" ON "downloads"("room_link_id");

-- AddForeignKey
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_room_link_id_fkey" FOREIGN KEY ("room_link_id") REFERENCES "room_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
