-- AlterTable
ALTER TABLE "document_versions" ADD COLUMN     "source_type" TEXT;

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "download_original" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "source_type" TEXT;
