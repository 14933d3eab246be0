import { parseShareCode } from "../../documents/short-code";
import { rateLimitState, rateLimitWindow, type RateLimitState } from "../../rate-limit";
import { hotQuery } from "../../db/client";
import { now } from "../../time";
import { FOUND_COLUMNS, type FoundRow, foundRecords, publicDocument, type PublicDocument, shareCodeLookup } from "./find-public-document";
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

// The code's document is found by the one lookup of share codes (find-public-document.ts), and only
// when the address was not refused. A link's readers count toward its document's limit.
// Counters commit without waiting for the disk flush (see consumeRateLimit).
const OPEN_DOOR = `
  WITH by_address AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $1, $2, $3, 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unflushed
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  ), ${shareCodeLookup("$4", "(SELECT count FROM by_address) <= $5")}, by_document AS (
    INSERT INTO rate_limit_windows (key, window_start, expires_at, count)
    SELECT $6 || found.id, $2, $3, 1 FROM found
    WHERE $7::boolean AND found.id::text IS DISTINCT FROM $8 AND found.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM found_link WHERE deleted_at IS NOT NULL OR disabled_at IS NOT NULL)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    RETURNING count
  )
  SELECT (SELECT count FROM by_address) AS address_count, (SELECT count FROM by_document) AS document_count,
         ${FOUND_COLUMNS}
  FROM (SELECT 1) AS one LEFT JOIN found d ON true LEFT JOIN found_link l ON true`;

type DoorRow = FoundRow & { address_count: number; document_count: number | null };

/**
 * A request at one of the share link's doors, in one round trip: counts it against the door's
 * per-address limit, then (unless refused) finds the code's document, or its link and the link's
 * document, and counts it against the document's limit unless `grantHolderOf` (the document a grant
 * in the browser's cookies names, lib/viewer/grants/access.ts) is that document. Every request counts,
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
  const { address_count, document_count, ...found } = row!;
  const byAddress = rateLimitState(address_count, at, limits.perAddress, limits.windowSeconds);
  if (!byAddress.allowed) return { byAddress };
  const { doc, link } = foundRecords(found);
  const opened = { byAddress, found: publicDocument(doc, link, at) };
  if (document_count === null) return opened;
  return { ...opened, byDocument: rateLimitState(document_count, at, limits.perDocument ?? Infinity, limits.windowSeconds) };
}
