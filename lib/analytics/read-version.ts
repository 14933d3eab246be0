import { db } from "../db/client";
import { ApiError } from "../errors";
import { Prisma, type Document } from "../generated/prisma/client";

/** One version of a document, to count only its visits: its number and page count. */
export type ReadVersion = { number: number; pageCount: number };

export const currentVersion = (doc: Pick<Document, "version" | "pageCount">): ReadVersion => ({
  number: doc.version,
  pageCount: doc.pageCount,
});

/**
 * `?version=` of a document's stats and viewers: a version the document has, or one no longer
 * kept that readers read (their visits keep its page count). Any other number is 400 naming it.
 */
export async function resolveVersionFilter(
  doc: Pick<Document, "id" | "version" | "pageCount">,
  number: number | undefined,
): Promise<ReadVersion | undefined> {
  if (number === undefined) return undefined;
  if (number === doc.version) return currentVersion(doc);
  const kept = await db.documentVersion.findUnique({
    where: { documentId_number: { documentId: doc.id, number } },
    select: { pageCount: true },
  });
  const read = kept ?? (await db.visit.findFirst({ where: { documentId: doc.id, version: number }, select: { pageCount: true } }));
  if (!read) {
    const message = `version ${number} is not a version of this document`;
    throw new ApiError("bad_request", message, { fields: { version: message } });
  }
  return { number, pageCount: read.pageCount };
}

/** `AND <column> = n` keeping only the visits of the version; nothing without one. */
export const visitsOfVersion = (version: ReadVersion | undefined, column = Prisma.raw("version")) =>
  version ? Prisma.sql`AND ${column} = ${version.number}::int` : Prisma.empty;
