-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "gate_page_chosen" INTEGER;

-- AlterTable
ALTER TABLE "links" ADD COLUMN     "gate_page_chosen" INTEGER;
