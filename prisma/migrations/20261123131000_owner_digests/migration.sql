-- Owner emails become a per-document digest (at most one per NOTIFY_DIGEST_MINUTES), with
-- account-level choices of whether new leads and finished reads are reported.
ALTER TABLE "users" ADD COLUMN "notify_new_leads" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "notify_completed_reads" BOOLEAN NOT NULL DEFAULT true;

-- Per-viewer notification times belonged to the one-email-per-view scheme the digest replaces.
ALTER TABLE "viewers" DROP COLUMN "last_notified_at";

CREATE TABLE "document_digests" (
    "document_id" UUID NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "news_at" TIMESTAMPTZ(3),
    "due_at" TIMESTAMPTZ(3),
    "last_sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "document_digests_pkey" PRIMARY KEY ("document_id")
);

CREATE INDEX "document_digests_due_at_idx" ON "document_digests"("due_at");

-- Digests list the readers active since a time and wait while anyone is still reading.
CREATE INDEX "viewers_document_id_last_viewed_at_idx" ON "viewers"("document_id", "last_viewed_at");

ALTER TABLE "document_digests" ADD CONSTRAINT "document_digests_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
