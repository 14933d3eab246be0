import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client";
import { newViewerPublicId } from "../../lib/ids";
import { parseUserAgent } from "../../lib/viewer/tracking/user-agent";

/**
 * Writes reading activity as raw rows, for demo data, tests and benchmarks. Callers then run
 * recomputeAggregates() for the documents they touched, so aggregates stay consistent.
 */
export type VisitSpec = {
  startedAt: Date;
  /** [page, seconds]; a page counts as viewed from 1 s. */
  pages: Array<[number, number]>;
  downloaded?: boolean;
  /** The browser that started the visit (its device, browser and OS are recorded). */
  userAgent?: string;
  /** The link the visit (and its download) came through; unset: the document's own short code. */
  linkId?: string;
  /** The document's version read; unset: the current one. */
  version?: number;
};

/** `leadLinkId`: the link the email was entered on. */
export type ViewerSpec = { email?: string; name?: string; visits: VisitSpec[]; leadAt?: Date; leadLinkId?: string };

export async function addViewer(documentId: string, spec: ViewerSpec): Promise<string> {
  const viewerId = randomUUID();
  const email = spec.email?.toLowerCase() ?? null;
  await db.viewer.create({
    data: {
      id: viewerId,
      publicId: newViewerPublicId(),
      documentId,
      browserId: randomUUID(),
      email,
      name: spec.name ?? null,
      companyDomain: email ? email.split("@")[1]! : null,
      createdAt: spec.visits[0]?.startedAt ?? spec.leadAt ?? new Date(),
    },
  });
  const doc = await db.document.findUniqueOrThrow({ where: { id: documentId }, select: { version: true, versions: true } });
  const pageCounts = new Map(doc.versions.map((v) => [v.number, v.pageCount]));
  let number = 0;
  for (const visit of spec.visits) {
    const version = visit.version ?? doc.version;
    const visitId = randomUUID();
    const seconds = visit.pages.reduce((sum, [, s]) => sum + s, 0);
    const agent = parseUserAgent(visit.userAgent);
    await db.visit.create({
      data: {
        id: visitId,
        documentId,
        viewerId,
        number: ++number,
        startedAt: visit.startedAt,
        lastActivityAt: new Date(visit.startedAt.getTime() + seconds * 1000),
        deviceType: agent?.deviceType ?? null,
        browser: agent?.browser ?? null,
        os: agent?.os ?? null,
        linkId: visit.linkId ?? null,
        version,
        pageCount: pageCounts.get(version)!,
      },
    });
    if (visit.pages.length) {
      await db.pageTime.createMany({
        data: visit.pages.map(([page, s]) => ({ visitId, page, documentId, visitStartedAt: visit.startedAt, seconds: s, viewed: s >= 1 })),
      });
    }
    if (visit.downloaded) {
      await db.download.create({
        data: { documentId, viewerId, linkId: visit.linkId ?? null, createdAt: new Date(visit.startedAt.getTime() + seconds * 1000) },
      });
    }
  }
  if (email && spec.leadAt) {
    await db.lead.create({
      data: {
        documentId,
        viewerId,
        email,
        name: spec.name ?? "",
        companyDomain: email.split("@")[1]!,
        capturedAt: spec.leadAt,
        linkId: spec.leadLinkId ?? null,
      },
    });
  }
  return viewerId;
}
