-- Search inside pages (issue 44): the `simple` parser and dictionary (no stemming: names, figures
-- and terms of any language match as written) after `unaccent`, so "resume" finds "résumé". As a
-- text search configuration rather than unaccent() around the text: to_tsvector with a named
-- configuration is IMMUTABLE (a generated column may use it), and ts_headline highlights through the
-- same configuration, so accented words are highlighted too.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION page_search (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION page_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;

-- CreateTable
CREATE TABLE "page_texts" (
    "document_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "page" INTEGER NOT NULL,
    "text" TEXT,
    "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('page_search'::regconfig, coalesce("text", ''))) STORED,

    CONSTRAINT "page_texts_pkey" PRIMARY KEY ("document_id","version","page")
);

-- CreateIndex
CREATE INDEX "page_texts_search_vector_idx" ON "page_texts" USING GIN ("search_vector");

-- AddForeignKey
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_document_id_version_fkey" FOREIGN KEY ("document_id", "version") REFERENCES "document_versions"("document_id", "number") ON DELETE CASCADE ON UPDATE CASCADE;
