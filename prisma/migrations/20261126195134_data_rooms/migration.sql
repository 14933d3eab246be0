-- AlterTable
ALTER TABLE "visits" ADD COLUMN     "room_id" UUID,
ADD COLUMN     "room_link_id" UUID;

-- CreateTable
CREATE TABLE "rooms" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "created_by_id" UUID,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "code" VARCHAR(10) NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "password_hash" TEXT,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rooms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "room_folders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "room_id" UUID NOT NULL,
    "parent_id" UUID,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_folders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "room_documents" (
    "room_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "folder_id" UUID,
    "position" INTEGER NOT NULL DEFAULT 0,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_documents_pkey" PRIMARY KEY ("room_id","document_id")
);

-- CreateTable
CREATE TABLE "room_links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "room_id" UUID NOT NULL,
    "code" VARCHAR(10) NOT NULL,
    "name" TEXT NOT NULL,
    "overrides" JSONB NOT NULL DEFAULT '{}',
    "password_hash" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "room_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "rooms_code_key" ON "rooms"("code");

-- CreateIndex
CREATE INDEX "rooms_team_id_created_at_idx" ON "rooms"("team_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "rooms_created_by_id_idx" ON "rooms"("created_by_id");

-- CreateIndex
CREATE INDEX "room_folders_room_id_parent_id_position_idx" ON "room_folders"("room_id", "parent_id", "position");

-- CreateIndex
CREATE INDEX "room_folders_parent_id_idx" ON "room_folders"("parent_id");

-- CreateIndex
CREATE INDEX "room_documents_room_id_folder_id_position_idx" ON "room_documents"("room_id", "folder_id", "position");

-- CreateIndex
CREATE INDEX "room_documents_document_id_idx" ON "room_documents"("document_id");

-- CreateIndex
CREATE INDEX "room_documents_folder_id_idx" ON "room_documents"("folder_id");

-- CreateIndex
CREATE UNIQUE INDEX "room_links_code_key" ON "room_links"("code");

-- CreateIndex
CREATE INDEX "room_links_room_id_created_at_idx" ON "room_links"("room_id", "created_at");

-- CreateIndex
CREATE INDEX "visits_room_id_started_at_idx" ON "visits"("room_id", "started_at");

-- CreateIndex
CREATE INDEX "visits_room_link_id_idx" ON "visits"("room_link_id");

-- AddForeignKey
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_folders" ADD CONSTRAINT "room_folders_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_folders" ADD CONSTRAINT "room_folders_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "room_folders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "room_folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_links" ADD CONSTRAINT "room_links_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visits" ADD CONSTRAINT "visits_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visits" ADD CONSTRAINT "visits_room_link_id_fkey" FOREIGN KEY ("room_link_id") REFERENCES "room_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
