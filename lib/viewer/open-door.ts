import { rateLimitState, rateLimitWindow, type RateLimitState } from "../rate-limit";
import { hotQuery } from "../db/client";
import { type Document, Prisma } from "../generated/prisma/client";
import { parseShortCode } from "../documents/short-code";
import type { PublicDocument } from "./find-public-document";
import { VIEWER_LIMITS, type ViewerDoor } from "./limits";

export type OpenedDoor = {
  byAddress: RateLimitState;
  /** Unknown when the address was refused first (the document is not looked up then). */
  found?: PublicDocument;
  /** Present for an active document only: deleted and unknown links are not counted per document. */
  byDocument?: RateLimitState;
};

// The document as Prisma would return it: every scalar field, under its Prisma name.
const DOCUMENT_COLUMNS = Object.values(Prisma.DocumentScalarFieldEnum)
  .map((field) => `d.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)} AS "${field}"`)
  .join(", ");

// Counters commit without waiting for the disk flush (see consumeRateLimit).
const OPEN_DOOR = `
  WITH by_address AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $1, $2, $3, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  ), found AS (
    SELECT d.* FROM documents d WHERE d.code = $4 AND (SELECT count FROM by_address) <= $5
  ), by_document AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $6 || found.id, $2, $3, 1 FROM found WHERE found.deleted_at IS NULL
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  )
  SELECT (SELECT count FROM by_address) AS address_count, (SELECT count FROM by_document) AS document_count,
         d.id IS NOT NULL AS found, ${DOCUMENT_COLUMNS}
  FROM (SELECT 1) AS one LEFT JOIN found d ON true`;

type DoorRow = Omit<Document, "sizeBytes"> & { sizeBytes: string; address_count: number; document_count: number | null; found: boolean };

/**
 * A request at one of the share link's doors, in one round trip: counts it against the door's
 * per-address limit, then (unless refused) finds the link's document and counts it against the
 * per-document limit. Every request counts, refused ones included. Beacons arrive every few
 * seconds from every reader, so this is on the hottest path there is.
 */
export async function openDoor(door: ViewerDoor, code: string, address: string, at = new Date()): Promise<OpenedDoor> {
  const limits = VIEWER_LIMITS[door];
  const window = rateLimitWindow(at, limits.windowSeconds);
  const parsed = code.startsWith("s-") ? null : parseShortCode(code);
  const [row] = await hotQuery<DoorRow>("open_door", OPEN_DOOR, [
    `${door}:address:${address}`,
    window.start,
    window.end,
    parsed,
    limits.perAddress,
    `${door}:document:`,
  ]);
  const { address_count, document_count, found, sizeBytes, ...fields } = row!;
  const byAddress = rateLimitState(address_count, at, limits.perAddress, limits.windowSeconds);
  if (!byAddress.allowed) return { byAddress };
  if (!found) return { byAddress, found: { state: "missing" } };
  const doc: Document = { ...fields, sizeBytes: BigInt(sizeBytes) };
  if (doc.deletedAt) return { byAddress, found: { state: "gone" } };
  return {
    byAddress,
    found: { state: "active", doc },
    byDocument: rateLimitState(document_count!, at, limits.perDocument, limits.windowSeconds),
  };
}
