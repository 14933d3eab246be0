-- Reading beacons are appended and acknowledged, then rolled up (issue 30): the append table, and the
-- keys readers were answered with that the roll-up joined to an existing visit.
-- CreateTable
CREATE TABLE "beacons" (
    "seq" BIGSERIAL NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "document_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "page_count" INTEGER NOT NULL,
    "event_document" JSONB NOT NULL,
    "gate_viewer_id" UUID,
    "browser_id" TEXT NOT NULL,
    "new_public_id" TEXT NOT NULL,
    "new_viewer_key" TEXT NOT NULL,
    "new_viewer_limit" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "window_end" TIMESTAMPTZ(3) NOT NULL,
    "batch_id" VARCHAR(64) NOT NULL,
    "visit_key" UUID NOT NULL,
    "pages" INTEGER[],
    "seconds" DOUBLE PRECISION[],
    "event_ids" TEXT[],
    "device_type" TEXT,
    "browser" TEXT,
    "os" TEXT,
    "link_id" UUID,
    "event_link" JSONB,
    "room_id" UUID,
    "room_link_id" UUID,
    "event_room" JSONB,
    "error" TEXT,

    CONSTRAINT "beacons_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "visit_keys" (
    "key" UUID NOT NULL,
    "visit_id" UUID NOT NULL,

    CONSTRAINT "visit_keys_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "visit_keys_visit_id_idx" ON "visit_keys"("visit_id");

-- AddForeignKey
ALTER TABLE "visit_keys" ADD CONSTRAINT "visit_keys_visit_id_fkey" FOREIGN KEY ("visit_id") REFERENCES "visits"("id") ON DELETE CASCADE ON UPDATE CASCADE;
