import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { roomReaderContents } from "../../rooms/room-reader-contents";
import { gateActive } from "../../rules/gate";
import { pageMatches } from "../../search/page-matches";
import type { Access } from "../grants/access";
import type { RoomShare } from "./public-room";

/** Documents a room search lists: the first in the room's order that have matching pages. */
export const ROOM_SEARCH_DOCUMENTS = 20;

export type RoomSearchResult = { code: string; title: string; index: string; pages: Array<{ page: number; snippet: string }> };

/**
 * The documents of a room this reader may see (its link's group's levels, `roomReaderContents`)
 * with pages whose text matches `q`, in the room's order, each with its first matching pages. A
 * room's steps stand before page 1 of everything, so until the reader is through them (its password,
 * gate and agreement, as the room's page asks them) nothing is searched.
 */
export async function roomSearch(
  share: RoomShare,
  access: Pick<Access, "passwordOk" | "gatePassed" | "agreementDue">,
  q: string,
): Promise<{ results: RoomSearchResult[] }> {
  const through = access.passwordOk && (!gateActive(share) || access.gatePassed) && !(access.agreementDue && share.agreement);
  if (!through) throw new ApiError("forbidden", "This browser may not search this room yet.", { headers: { "Cache-Control": "no-store" } });
  const { documents } = await roomReaderContents(share.id, share.roomLink?.groupId ?? null);
  if (documents.length === 0) return { results: [] };
  const ids = await db.document.findMany({ where: { code: { in: documents.map((d) => d.code) } }, select: { id: true, code: true } });
  const idOf = new Map(ids.map((row) => [row.code, row.id]));
  const searched = documents.flatMap((doc) => {
    const id = idOf.get(doc.code);
    return id ? [{ doc, version: { documentId: id, version: doc.version, lastPage: doc.pageCount } }] : [];
  });
  const matches = await pageMatches(
    searched.map((s) => s.version),
    q,
  );
  const results = searched.flatMap(({ doc }, i) =>
    matches[i]!.pages.length > 0 ? [{ code: doc.code, title: doc.title, index: doc.index, pages: matches[i]!.pages }] : [],
  );
  return { results: results.slice(0, ROOM_SEARCH_DOCUMENTS) };
}
