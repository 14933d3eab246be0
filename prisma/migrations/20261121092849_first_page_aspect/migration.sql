-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "first_page_aspect" DOUBLE PRECISION;
