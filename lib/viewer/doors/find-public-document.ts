import { hotQuery } from "../../db/client";
import { type Document, type Link, Prisma } from "../../generated/prisma/client";
import { parseShareCode } from "../../documents/short-code";
import { isExpired, sharedDocument, type SharedDocument } from "../../links/shared-document";
import { now } from "../../time";

/**
 * What a share code opens: a readable document (its own short code or a link, with the link's
 * overrides applied), a deleted document or link ("gone": 410), an expired one (410), a disabled
 * link (404, like an unknown code) or nothing (404). Nothing else is revealed.
 */
export type PublicDocument =
  { state: "active"; doc: SharedDocument } | { state: "gone" } | { state: "expired" } | { state: "disabled" } | { state: "missing" };

/** The state of the document (and link, when the code is a link's) found for a share code at `at`. */
export function publicDocument(doc: Document | null, link: Link | null, at: Date): PublicDocument {
  if (!doc) return { state: "missing" };
  if (doc.deletedAt || link?.deletedAt) return { state: "gone" };
  if (link?.disabledAt) return { state: "disabled" };
  const shared = sharedDocument(doc, link);
  return isExpired(shared, at) ? { state: "expired" } : { state: "active", doc: shared };
}

/**
 * The one statement of "a document's own code first, else a link's": common table expressions
 * `found_link` and `found` (the document, by its own code or through the link) for the code in
 * parameter `code`, looked up only `when` that SQL condition holds. Codes are unique across both
 * tables; the NOT EXISTS keeps the order stated even if they were not. The doors (open-door.ts) run
 * it inside their rate-limit statement, findPublicDocument alone.
 */
export const shareCodeLookup = (code: string, when: string) => `
  found_link AS (
    SELECT l.* FROM links l WHERE l.code = ${code} AND ${when} AND NOT EXISTS (SELECT 1 FROM documents WHERE code = ${code})
  ), found AS (
    SELECT d.* FROM documents d WHERE d.code = ${code} AND ${when}
    UNION ALL
    SELECT d.* FROM found_link JOIN documents d ON d.id = found_link.document_id
  )`;

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const LINK_PREFIX = "link.";
/**
 * What the lookup found, as Prisma would return it: every scalar field of the document and of the
 * link under its Prisma name (the link's prefixed, so the two never collide in one row), from
 * `FROM (SELECT 1) AS one LEFT JOIN found d ON true LEFT JOIN found_link l ON true`.
 */
export const FOUND_COLUMNS = [
  "d.id IS NOT NULL AS found",
  ...Object.values(Prisma.DocumentScalarFieldEnum).map((field) => `d.${snakeCase(field)} AS "${field}"`),
  ...Object.values(Prisma.LinkScalarFieldEnum).map((field) => `l.${snakeCase(field)} AS "${LINK_PREFIX}${field}"`),
].join(", ");

type LinkColumns = { [K in keyof Link as `link.${K & string}`]: Link[K] | null };
export type FoundRow = Omit<Document, "sizeBytes"> & LinkColumns & { sizeBytes: string; found: boolean };

/** The document and link a row of FOUND_COLUMNS holds (the link's columns all null without one). */
export function foundRecords({ found, sizeBytes, ...columns }: FoundRow): { doc: Document | null; link: Link | null } {
  const doc: Record<string, unknown> = {};
  const link: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) {
    if (key.startsWith(LINK_PREFIX)) link[key.slice(LINK_PREFIX.length)] = value;
    else doc[key] = value;
  }
  return {
    doc: found ? ({ ...doc, sizeBytes: BigInt(sizeBytes) } as Document) : null,
    link: link.id ? (link as Link) : null,
  };
}

const FIND_SHARE_CODE = `WITH ${shareCodeLookup("$1", "true")}
  SELECT ${FOUND_COLUMNS} FROM (SELECT 1) AS one LEFT JOIN found d ON true LEFT JOIN found_link l ON true`;

/** A share code's document, looked up alone (the doors look it up in their own statement). */
export async function findPublicDocument(code: string): Promise<PublicDocument> {
  const parsed = parseShareCode(code);
  if (!parsed) return { state: "missing" };
  const { doc, link } = foundRecords((await hotQuery<FoundRow>("find_share_code", FIND_SHARE_CODE, [parsed]))[0]!);
  return publicDocument(doc, link, now());
}
