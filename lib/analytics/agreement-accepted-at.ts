import { db } from "../db/client";
import { Prisma } from "../generated/prisma/client";

type ViewerKeys = { id: string; browserId: string | null };

/**
 * When each of the document's viewers last accepted an agreement they read it under: the
 * document's (through its own code or a link), or a room's they read or downloaded it in. A
 * document's acceptance names its viewer when the reader had passed the gate; one given before any
 * viewer existed (agreement before a preview gate) is the viewer's who read in that browser. A
 * room's names the email given at the room's gate, or only the browser when it has none.
 */
export async function viewersAcceptedAt(documentId: string, viewers: ViewerKeys[]): Promise<Map<string, Date>> {
  const accepted = new Map<string, Date>();
  if (viewers.length === 0) return accepted;
  const ids = viewers.map((v) => v.id);
  const browsers = viewers.flatMap((v) => (v.browserId ? [v.browserId] : []));
  const [own, inRooms] = await Promise.all([
    db.agreementAcceptance.findMany({
      where: { documentId, OR: [{ viewerId: { in: ids } }, { viewerId: null, browserId: { in: browsers } }] },
      select: { viewerId: true, browserId: true, acceptedAt: true },
    }),
    db.$queryRaw<Array<{ viewer_id: string; accepted_at: Date }>>`
      WITH ${viewerRoomsSql(Prisma.sql`viewer_id = ANY(${ids}::uuid[])`)}
      SELECT vr.viewer_id, max(aa.accepted_at) AS accepted_at
      FROM viewer_rooms vr JOIN viewers w ON w.id = vr.viewer_id
      JOIN agreement_acceptances aa ON aa.room_id = vr.room_id AND (aa.email = w.email OR aa.browser_id = w.browser_id)
      GROUP BY vr.viewer_id`,
  ]);
  const later = (viewerId: string, at: Date) => {
    const latest = accepted.get(viewerId);
    if (!latest || at > latest) accepted.set(viewerId, at);
  };
  for (const viewer of viewers) {
    for (const row of own) {
      if (row.viewerId === viewer.id || (row.viewerId === null && row.browserId === viewer.browserId)) later(viewer.id, row.acceptedAt);
    }
  }
  for (const row of inRooms) later(row.viewer_id, row.accepted_at);
  return accepted;
}

/** When each of these readers (by public id) last accepted an agreement they read the document under, for the dashboard. */
export async function agreementAcceptedAt(documentId: string, publicIds: string[]): Promise<Map<string, Date>> {
  const viewers = await db.viewer.findMany({
    where: { documentId, publicId: { in: publicIds } },
    select: { id: true, publicId: true, browserId: true },
  });
  const accepted = await viewersAcceptedAt(documentId, viewers);
  return new Map(viewers.flatMap((v) => (accepted.has(v.id) ? [[v.publicId, accepted.get(v.id)!] as const] : [])));
}

/**
 * `viewer_rooms`: each (viewer, room) where the viewers `which` selects read or downloaded the
 * document in a room: the rooms whose agreement they read it under.
 */
export const viewerRoomsSql = (which: Prisma.Sql) => Prisma.sql`viewer_rooms AS (
    SELECT viewer_id, room_id FROM visits WHERE ${which} AND room_id IS NOT NULL
    UNION
    SELECT viewer_id, room_id FROM downloads WHERE ${which} AND room_id IS NOT NULL AND viewer_id IS NOT NULL
  )`;
