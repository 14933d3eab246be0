-- CreateTable
CREATE TABLE "pending_uploads" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "filename" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "fields" JSONB NOT NULL,
    "password_hash" TEXT,
    "claimed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "pending_uploads_owner_id_idx" ON "pending_uploads"("owner_id");

-- CreateIndex
CREATE INDEX "pending_uploads_created_at_idx" ON "pending_uploads"("created_at");

-- AddForeignKey
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
