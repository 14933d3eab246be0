-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "deleted_by_id" UUID;

-- AlterTable
ALTER TABLE "rooms" ADD COLUMN     "deleted_by_id" UUID;

-- CreateIndex
CREATE INDEX "documents_deleted_by_id_idx" ON "documents"("deleted_by_id");

-- CreateIndex
CREATE INDEX "documents_deleted_at_idx" ON "documents"("deleted_at");

-- CreateIndex
CREATE INDEX "rooms_deleted_by_id_idx" ON "rooms"("deleted_by_id");

-- CreateIndex
CREATE INDEX "rooms_deleted_at_idx" ON "rooms"("deleted_at");

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
