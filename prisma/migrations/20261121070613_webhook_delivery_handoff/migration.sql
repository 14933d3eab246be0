-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "handed_off_at" TIMESTAMPTZ(3);
