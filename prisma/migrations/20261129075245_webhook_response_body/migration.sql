-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "response_body" TEXT;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "response_body" TEXT;
