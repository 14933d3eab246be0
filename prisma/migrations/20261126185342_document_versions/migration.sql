-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "teams" ADD COLUMN     "versions_kept" INTEGER;

-- AlterTable
ALTER TABLE "visits" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "document_versions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "document_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "original_filename" TEXT NOT NULL,
    "page_count" INTEGER NOT NULL,
    "first_page_aspect" DOUBLE PRECISION,
    "size_bytes" BIGINT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_versions_created_by_id_idx" ON "document_versions"("created_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_versions_document_id_number_key" ON "document_versions"("document_id", "number");

-- AddForeignKey
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every document so far has had one file: its version 1.
INSERT INTO "document_versions" ("document_id", "number", "storage_key", "original_filename", "page_count", "first_page_aspect", "size_bytes", "created_by_id", "created_at")
SELECT "id", 1, "storage_key", "original_filename", "page_count", "first_page_aspect", "size_bytes", "created_by_id", "created_at" FROM "documents";
