-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "undrawable_pages" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
