-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "last_version_number" INTEGER NOT NULL DEFAULT 1;

UPDATE "documents" d SET "last_version_number" = GREATEST(d."version", (SELECT max(v."number") FROM "document_versions" v WHERE v."document_id" = d."id"));
