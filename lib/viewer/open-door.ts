import { rateLimitState, rateLimitWindow, type RateLimitState } from "../rate-limit";
import { hotQuery } from "../db/client";
import { type Document, type Link, Prisma } from "../generated/prisma/client";
import { now } from "../time";
import { parseShareCode, publicDocument, type PublicDocument } from "./find-public-document";
import { VIEWER_LIMITS, type ViewerDoor } from "./limits";

export type OpenedDoor = {
  byAddress: RateLimitState;
  /** Unknown when the address was refused first (the code is not looked up then). */
  found?: PublicDocument;
  /**
   * Present for an active or expired code at a door with a per-document limit, unless the browser
   * holds a grant for the document: deleted, disabled and unknown ones are not counted per document.
   */
  byDocument?: RateLimitState;
};

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// The document and the link as Prisma would return them: every scalar field, under its Prisma name
// (the link's prefixed, so the two never collide in one row).
const DOCUMENT_COLUMNS = Object.values(Prisma.DocumentScalarFieldEnum)
  .map((field) => `d.${snakeCase(field)} AS "${field}"`)
  .join(", ");
const LINK_PREFIX = "link.";
const LINK_COLUMNS = Object.values(Prisma.LinkScalarFieldEnum)
  .map((field) => `l.${snakeCase(field)} AS "${LINK_PREFIX}${field}"`)
  .join(", ");

// A document's own code first, else a link's (codes are unique across both; the NOT EXISTS keeps the
// order stated even if they were not). A link's readers count toward its document's limit.
// Counters commit without waiting for the disk flush (see consumeRateLimit).
const OPEN_DOOR = `
  WITH by_address AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $1, $2, $3, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  ), found_link AS (
    SELECT l.* FROM links l
    WHERE l.code = $4 AND (SELECT count FROM by_address) <= $5 AND NOT EXISTS (SELECT 1 FROM documents WHERE code = $4)
  ), found AS (
    SELECT d.* FROM documents d WHERE d.code = $4 AND (SELECT count FROM by_address) <= $5
    UNION ALL
    SELECT d.* FROM found_link JOIN documents d ON d.id = found_link.document_id
  ), by_document AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $6 || found.id, $2, $3, 1 FROM found
    WHERE $7::boolean AND found.id::text IS DISTINCT FROM $8 AND found.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM found_link WHERE deleted_at IS NOT NULL OR disabled_at IS NOT NULL)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  )
  SELECT (SELECT count FROM by_address) AS address_count, (SELECT count FROM by_document) AS document_count,
         d.id IS NOT NULL AS found, ${DOCUMENT_COLUMNS}, ${LINK_COLUMNS}
  FROM (SELECT 1) AS one LEFT JOIN found d ON true LEFT JOIN found_link l ON true`;

type LinkColumns = { [K in keyof Link as `link.${K & string}`]: Link[K] | null };
type DoorRow = Omit<Document, "sizeBytes"> &
  LinkColumns & { sizeBytes: string; address_count: number; document_count: number | null; found: boolean };

/**
 * A request at one of the share link's doors, in one round trip: counts it against the door's
 * per-address limit, then (unless refused) finds the code's document, or its link and the link's
 * document, and counts it against the document's limit unless `grantHolderOf` (the document a grant
 * in the browser's cookies names, lib/viewer/access.ts) is that document. Every request counts,
 * refused ones included. Beacons arrive every few seconds from every reader, so this is on the
 * hottest path there is.
 */
export async function openDoor(
  door: ViewerDoor,
  code: string,
  address: string,
  at = now(),
  grantHolderOf: string | null = null,
): Promise<OpenedDoor> {
  const limits = VIEWER_LIMITS[door];
  const window = rateLimitWindow(at, limits.windowSeconds);
  const [row] = await hotQuery<DoorRow>("open_door", OPEN_DOOR, [
    `${door}:address:${address}`,
    window.start,
    window.end,
    parseShareCode(code),
    limits.perAddress,
    `${door}:document:`,
    limits.perDocument !== null,
    grantHolderOf,
  ]);
  const { address_count, document_count, found, sizeBytes, ...columns } = row!;
  const byAddress = rateLimitState(address_count, at, limits.perAddress, limits.windowSeconds);
  if (!byAddress.allowed) return { byAddress };
  const { doc, link } = splitColumns(columns);
  const opened = { byAddress, found: publicDocument(found ? { ...doc, sizeBytes: BigInt(sizeBytes) } : null, link, at) };
  if (document_count === null) return opened;
  return { ...opened, byDocument: rateLimitState(document_count, at, limits.perDocument ?? Infinity, limits.windowSeconds) };
}

/** The row's document columns and its `link.`-prefixed columns, apart (the link's all null without one). */
function splitColumns(columns: Record<string, unknown>): { doc: Omit<Document, "sizeBytes">; link: Link | null } {
  const doc: Record<string, unknown> = {};
  const link: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) {
    if (key.startsWith(LINK_PREFIX)) link[key.slice(LINK_PREFIX.length)] = value;
    else doc[key] = value;
  }
  return { doc: doc as Omit<Document, "sizeBytes">, link: link.id ? (link as Link) : null };
}
