-- Existing webhooks keep url_set_by_id null: who set their address is not known, so no member's exit disables them (docs/decisions.md).
-- Webhooks already disabled keep disabled_reason null: what disabled them was not recorded.
-- CreateEnum
CREATE TYPE "webhook_disabled_reason" AS ENUM ('failed_deliveries', 'url_setter_left', 'account_claimed');

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "disabled_reason" "webhook_disabled_reason",
ADD COLUMN     "url_set_by_id" UUID;

-- CreateIndex
CREATE INDEX "webhooks_url_set_by_id_idx" ON "webhooks"("url_set_by_id");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_url_set_by_id_fkey" FOREIGN KEY ("url_set_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
