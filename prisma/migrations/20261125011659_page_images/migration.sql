-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "page_images" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "page_images_stopped" BOOLEAN NOT NULL DEFAULT false;
