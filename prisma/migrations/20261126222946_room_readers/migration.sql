-- AlterTable
ALTER TABLE "agreement_acceptances" ADD COLUMN     "room_id" UUID,
ADD COLUMN     "room_link_id" UUID,
ALTER COLUMN "document_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "email_verifications" ADD COLUMN     "room_id" UUID,
ADD COLUMN     "room_link_id" UUID,
ALTER COLUMN "document_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "room_leads" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "room_id" UUID NOT NULL,
    "room_link_id" UUID,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "company_domain" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "captured_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_leads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "room_leads_room_id_captured_at_idx" ON "room_leads"("room_id", "captured_at" DESC);

-- CreateIndex
CREATE INDEX "room_leads_room_link_id_idx" ON "room_leads"("room_link_id");

-- CreateIndex
CREATE UNIQUE INDEX "room_leads_room_id_email_key" ON "room_leads"("room_id", "email");

-- CreateIndex
CREATE INDEX "agreement_acceptances_room_id_accepted_at_idx" ON "agreement_acceptances"("room_id", "accepted_at");

-- CreateIndex
CREATE INDEX "email_verifications_room_id_browser_id_created_at_idx" ON "email_verifications"("room_id", "browser_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "room_leads" ADD CONSTRAINT "room_leads_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_leads" ADD CONSTRAINT "room_leads_room_link_id_fkey" FOREIGN KEY ("room_link_id") REFERENCES "room_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_room_link_id_fkey" FOREIGN KEY ("room_link_id") REFERENCES "room_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_room_link_id_fkey" FOREIGN KEY ("room_link_id") REFERENCES "room_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
