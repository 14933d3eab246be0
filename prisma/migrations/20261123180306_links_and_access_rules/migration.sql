-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "agreement" TEXT,
ADD COLUMN     "allow_list" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "block_list" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "verify_email" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "watermark" TEXT;

-- AlterTable
ALTER TABLE "downloads" ADD COLUMN     "link_id" UUID;

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "link_id" UUID,
ADD COLUMN     "verified" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "visits" ADD COLUMN     "link_id" UUID;

-- CreateTable
CREATE TABLE "links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "document_id" UUID NOT NULL,
    "code" VARCHAR(10) NOT NULL,
    "name" TEXT NOT NULL,
    "overrides" JSONB NOT NULL DEFAULT '{}',
    "password_hash" TEXT,
    "preview_storage_key" TEXT,
    "preview_page_count" INTEGER NOT NULL DEFAULT 0,
    "disabled_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agreement_acceptances" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "document_id" UUID NOT NULL,
    "link_id" UUID,
    "viewer_id" UUID,
    "browser_id" VARCHAR(64) NOT NULL,
    "email" TEXT,
    "address" TEXT NOT NULL,
    "agreement" TEXT NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agreement_acceptances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "document_id" UUID NOT NULL,
    "link_id" UUID,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "browser_id" VARCHAR(64) NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "links_code_key" ON "links"("code");

-- CreateIndex
CREATE INDEX "links_document_id_created_at_idx" ON "links"("document_id", "created_at");

-- CreateIndex
CREATE INDEX "agreement_acceptances_document_id_accepted_at_idx" ON "agreement_acceptances"("document_id", "accepted_at");

-- CreateIndex
CREATE INDEX "agreement_acceptances_viewer_id_accepted_at_idx" ON "agreement_acceptances"("viewer_id", "accepted_at");

-- CreateIndex
CREATE INDEX "email_verifications_document_id_browser_id_created_at_idx" ON "email_verifications"("document_id", "browser_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "leads_link_id_captured_at_idx" ON "leads"("link_id", "captured_at" DESC);

-- CreateIndex
CREATE INDEX "visits_link_id_started_at_idx" ON "visits"("link_id", "started_at");

-- AddForeignKey
ALTER TABLE "visits" ADD CONSTRAINT "visits_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "links" ADD CONSTRAINT "links_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_viewer_id_fkey" FOREIGN KEY ("viewer_id") REFERENCES "viewers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
