import { db } from "../db/client";
import type { Document } from "../generated/prisma/client";
import { linkOverrides } from "../links/shared-document";
import { plural } from "../plural";

/**
 * A gate standing on the current version's last page because the version is shorter than the page
 * chosen for it (`gate_page_chosen`): it goes back there once a version that long is current.
 * `linkName` is null for the document's own gate.
 */
export type WaitingGate = { linkName: string | null; page: number; chosen: number };

/** The document's gate and its links' own gates that wait so: the document's first, then its links newest first. */
export async function waitingGates(doc: Document): Promise<WaitingGate[]> {
  const links = await db.link.findMany({
    where: { documentId: doc.id, deletedAt: null, gatePageChosen: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return [
    ...(doc.gatePageChosen === null ? [] : [{ linkName: null, page: doc.gatePage, chosen: doc.gatePageChosen }]),
    ...links.map((link) => ({ linkName: link.name, page: linkOverrides(link).gate_page ?? doc.gatePage, chosen: link.gatePageChosen! })),
  ];
}

/** The gate the readers of one share code meet, when it waits: the link's own, or the document's that it follows. */
export async function waitingGateOfCode(doc: Document, linkId: string | null): Promise<WaitingGate | null> {
  const link = linkId ? await db.link.findUniqueOrThrow({ where: { id: linkId } }) : null;
  // A deleted link has no readers left, and version changes no longer move its gate.
  if (link?.deletedAt) return null;
  const own = link ? linkOverrides(link).gate_page : undefined;
  if (link && own !== undefined)
    return link.gatePageChosen === null ? null : { linkName: link.name, page: own, chosen: link.gatePageChosen };
  return doc.gatePageChosen === null ? null : { linkName: null, page: doc.gatePage, chosen: doc.gatePageChosen };
}

/**
 * A waiting gate in words for the owner's pages: "The gate stands on page 1 while version 3 (1 page)
 * is current, not on page 2, the page chosen for it. It goes back to page 2 when a version with 2
 * pages or more is current."
 */
export function waitingGateNotice(gate: WaitingGate, version: Pick<Document, "version" | "pageCount">): string {
  const subject = gate.linkName === null ? "The gate" : `The gate of the link “${gate.linkName}”`;
  return (
    `${subject} stands on page ${gate.page} while version ${version.version} (${plural(version.pageCount, "page")}) is current, ` +
    `not on page ${gate.chosen}, the page chosen for it. It goes back to page ${gate.chosen} when a version with ${gate.chosen} pages or more is current.`
  );
}
