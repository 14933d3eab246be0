import { hotQuery } from "../../db/client";
import type { Document } from "../../generated/prisma/client";
import type { Access } from "../grants/access";

/** The version a reading beacon's pages are of: its number, its page count, and how many of them this browser may have been shown. */
export type BatchVersion = { number: number; pageCount: number; readablePages: number };

/**
 * The version the beacon says its page rendered, when the document has it; otherwise (no version
 * sent, or one no longer kept) the current one. Only another version than the current one costs
 * a lookup. The gate stands where it stands now, so an older version's readable pages are the
 * same pages, up to its own last one.
 */
export async function batchVersion(
  doc: Pick<Document, "id" | "version" | "pageCount">,
  access: Pick<Access, "fullFile" | "readablePages">,
  sent: number | undefined,
): Promise<BatchVersion> {
  const current = { number: doc.version, pageCount: doc.pageCount, readablePages: access.readablePages };
  if (sent === undefined || sent === doc.version) return current;
  const [row] = await hotQuery<{ page_count: number }>(
    "batch_version",
    "SELECT page_count FROM document_versions WHERE document_id = $1::uuid AND number = $2::int",
    [doc.id, sent],
  );
  if (!row) return current;
  return {
    number: sent,
    pageCount: row.page_count,
    readablePages: access.fullFile ? row.page_count : Math.min(access.readablePages, row.page_count),
  };
}
