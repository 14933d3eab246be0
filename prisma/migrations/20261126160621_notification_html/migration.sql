-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "html" TEXT;
