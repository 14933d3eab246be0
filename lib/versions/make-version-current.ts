import { sourceKey } from "../storage/document-keys";
import { type AuditActor, recordAudit } from "../audit/record-audit";
import { config } from "../config";
import { notFound } from "../errors";
import { faultPoint } from "../fault-point";
import type { Tx } from "../db/client";
import { changeUnderLock, holdLock, lockKeys } from "../db/locks";
import { recordEvent } from "../events/record-event";
import type { Document, Link, Prisma } from "../generated/prisma/client";
import { linkOverrides, ownsPreview, sharedDocument } from "../links/shared-document";
import { previewPagesNeeded } from "../rules/gate";
import { type GateMove, type VersionGate, gateForVersion, gateMove } from "../rules/version-gate";
import { storage } from "../storage";
import { now } from "../time";
import { removePageImages } from "../documents/page-images";
import { recordPageTexts } from "../documents/page-texts";
import { processPdf, type ProcessedPdf } from "../documents/preview-file";
import { queuePageImages } from "../documents/render-page-images";
import { eventDocument } from "../documents/serialize";
import { apiShortCode } from "../documents/short-code";
import { versionAlreadyCurrent, versionNotKept } from "./version-refusals";
import { logger } from "../log/logger";

const log = logger("versions");

/** A file about to become a document's current version, already inspected by the PDF worker and stored. */
export type IncomingVersion = {
  /** Where its original is stored (its folder holds the previews and images made from it). */
  storageKey: string;
  /** The same file on local disk, to build previews from. */
  localPath: string;
  originalFilename: string;
  /** The kind uploaded when the PDF was made from another file (kept at `sourceKey`); null for a PDF. */
  sourceType: string | null;
  sizeBytes: number;
  inspection: Pick<ProcessedPdf, "pageCount" | "firstPageAspect" | "pageImages">;
  /**
   * A new version (its number is the next one), or an earlier one made current again: that one's
   * row is read again under the lock, and a version pruned meanwhile is not found.
   */
  restoring: number | null;
};

export type LinkGateMove = GateMove & { code: string; name: string };

export type VersionChange = {
  document: Document;
  /** The document's gate_page was past the new page count: it stands on the last page while this version is current. */
  gatePageClamped: GateMove | null;
  /** The document's gate_page, moved down for a shorter version before, moved back up towards the page chosen for it. */
  gatePageRestored: GateMove | null;
  /** The links whose own gate_page moved the same ways, by code, with their names for the owner. */
  linksClamped: LinkGateMove[];
  linksRestored: LinkGateMove[];
};

type PreviewPlan = { key: string | null; pages: number };
/** `gate` is null for a link that follows the document's gate_page. */
type LinkPlan = { link: Link; gate: VersionGate | null; preview: PreviewPlan };
type Plan = { doc: Document; gate: VersionGate; preview: PreviewPlan; links: LinkPlan[]; created: string[] };

/**
 * Makes `incoming` the document's current version for every share code at once: the row takes its
 * file, page count and size, the previews of the document and of each link with its own gate are
 * rebuilt from it (a gate_page past its last page stands on it while this version is current, never
 * left to show everything, and the page chosen for it comes back with a version long enough), its
 * page images start over, and a `document.updated` event and an audit entry are written, all in one
 * transaction under the document's and its links' settings locks, so no reader is ever given a
 * preview made from another version. Every row acted on is read under those locks: a restored
 * version pruned meanwhile is 404, and pruning counts the version this change makes current. The
 * previews are built first, holding nothing; a settings change landing meanwhile makes them stale
 * and they are built again. The files the row pointed at before (previews, page images) and those
 * of versions past the team's `versions_kept` are removed only after the commit, so a crash before
 * it loses nothing (the orphan sweep takes what a crash after it leaves). If anything fails the new
 * previews are removed and the document is as it was; the caller removes the incoming version's
 * own files.
 */
export async function makeVersionCurrent(by: AuditActor, documentId: string, incoming: IncomingVersion): Promise<VersionChange> {
  const { result: written } = await changeUnderLock({
    lock: async (tx) => {
      await holdLock(tx, lockKeys.documentSettings(documentId));
      // New links wait for the document's lock (createLink), so this list is complete.
      const linkIds = await tx.link.findMany({ where: { documentId, deletedAt: null }, select: { id: true }, orderBy: { id: "asc" } });
      for (const { id } of linkIds) await holdLock(tx, lockKeys.linkSettings(id));
    },
    read: (client) => readRows(client, documentId),
    verify: async (tx, current) => {
      if (current.doc.deletedAt) throw notFound();
      await assertRestorable(tx, current.doc, incoming);
    },
    plan: (rows) => planPreviews(rows, incoming),
    fits: (plan, _planned, current) => planFits(plan, current),
    write: (tx, current, plan) => write(tx, by, current, plan, incoming),
    discard: (plan) => removeFiles(plan.created),
    beforeTransaction: () => faultPoint("version:previews"),
    // The last attempt plans under the lock: give it the PDF worker's time for a few previews.
    timeoutMs: (config().PDF_WORKER_TIMEOUT_SECONDS + 30) * 4000,
  });
  await removeFiles([...written.replaced, ...written.pruned]);
  await removePageImages(written.replacedImages.originalKey, written.replacedImages.pages).catch((error: unknown) =>
    // The orphan sweep removes what is left once the grace period has passed.
    log.error({ err: error, documentId }, "removing the previous version's page images failed"),
  );
  queuePageImages(documentId);
  return written.change;
}

type Rows = { doc: Document; links: Link[] };

async function readRows(client: Tx, documentId: string): Promise<Rows> {
  const doc = await client.document.findUniqueOrThrow({ where: { id: documentId } });
  const links = await client.link.findMany({ where: { documentId, deletedAt: null }, orderBy: { id: "asc" } });
  return { doc, links };
}

/**
 * The version being restored, read again under the document's lock (versions are pruned only under
 * it, so the row stays until the commit): the one the caller read may have been pruned, or made
 * current, since.
 */
async function assertRestorable(tx: Tx, doc: Document, incoming: IncomingVersion): Promise<void> {
  if (incoming.restoring === null) return;
  const version = await tx.documentVersion.findUnique({ where: { documentId_number: { documentId: doc.id, number: incoming.restoring } } });
  if (!version || version.storageKey !== incoming.storageKey) throw versionNotKept(incoming.restoring);
  if (version.number === doc.version) throw versionAlreadyCurrent(version.number);
}

/** The page its owner chose for a gate: the one waiting for a longer version, else the one it stands on. */
const chosenPage = (standing: number, waitingFor: number | null) => waitingFor ?? standing;

/** The previews the document and its links need from the incoming file, built by the PDF worker. */
async function planPreviews({ doc, links }: Rows, incoming: IncomingVersion): Promise<Plan> {
  const pageCount = incoming.inspection.pageCount;
  const gate = gateForVersion(chosenPage(doc.gatePage, doc.gatePageChosen), pageCount);
  const plan: Plan = { doc, gate, preview: { key: null, pages: 0 }, links: [], created: [] };
  try {
    const next = { ...doc, pageCount, gatePage: gate.page };
    plan.preview = await buildPreview(incoming, next, plan.created);
    for (const link of links) {
      const overrides = linkOverrides(link);
      if (!ownsPreview(overrides)) {
        plan.links.push({ link, gate: null, preview: { key: null, pages: 0 } });
        continue;
      }
      const own =
        overrides.gate_page === undefined ? null : gateForVersion(chosenPage(overrides.gate_page, link.gatePageChosen), pageCount);
      const effective = sharedDocument(next, { ...link, overrides: { ...overrides, ...(own && { gate_page: own.page }) } });
      plan.links.push({ link, gate: own, preview: await buildPreview(incoming, effective, plan.created) });
    }
    return plan;
  } catch (error) {
    await removeFiles(plan.created);
    throw error;
  }
}

async function buildPreview(
  incoming: IncomingVersion,
  gate: Pick<Document, "emailGate" | "gateType" | "gatePage" | "pageCount">,
  created: string[],
): Promise<PreviewPlan> {
  if (previewPagesNeeded(gate) === 0) return { key: null, pages: 0 };
  const { emailGate, gateType, gatePage } = gate;
  const { preview } = await processPdf(incoming.storageKey, incoming.localPath, { emailGate, gateType, gatePage });
  if (preview) created.push(preview.key);
  return { key: preview?.key ?? null, pages: preview?.pages ?? 0 };
}

/** The previews were built for the gates and links the rows held when planned. */
function planFits(plan: Plan, current: Rows): boolean {
  const gateOf = (d: Document) => [d.emailGate, d.gateType, d.gatePage, d.gatePageChosen, d.storageKey].join("|");
  const linksOf = (links: Link[]) => links.map((l) => `${l.id}:${l.gatePageChosen}:${JSON.stringify(l.overrides)}`).join(",");
  return gateOf(plan.doc) === gateOf(current.doc) && linksOf(plan.links.map((l) => l.link)) === linksOf(current.links);
}

type Written = {
  change: VersionChange;
  /** Previews the rows pointed at before, and versions past the team's limit: removed after the commit. */
  replaced: string[];
  pruned: string[];
  replacedImages: { originalKey: string; pages: number };
};

async function write(tx: Tx, by: AuditActor, { doc }: Rows, plan: Plan, incoming: IncomingVersion): Promise<Written> {
  const at = now();
  const { pageCount, firstPageAspect, pageImages } = incoming.inspection;
  let number = incoming.restoring;
  if (number === null) {
    number = doc.lastVersionNumber + 1;
    await tx.documentVersion.create({
      data: {
        documentId: doc.id,
        number,
        storageKey: incoming.storageKey,
        originalFilename: incoming.originalFilename,
        sourceType: incoming.sourceType,
        pageCount,
        firstPageAspect,
        sizeBytes: BigInt(incoming.sizeBytes),
        createdById: by.userId,
        createdAt: at,
      },
    });
  }
  const updated = await tx.document.update({
    where: { id: doc.id },
    data: {
      version: number,
      lastVersionNumber: Math.max(doc.lastVersionNumber, number),
      storageKey: incoming.storageKey,
      originalFilename: incoming.originalFilename,
      sourceType: incoming.sourceType,
      pageCount,
      firstPageAspect,
      sizeBytes: BigInt(incoming.sizeBytes),
      gatePage: plan.gate.page,
      gatePageChosen: plan.gate.waitingFor,
      previewStorageKey: plan.preview.key,
      previewPageCount: plan.preview.pages,
      pageImages: pageImages.pages,
      pageImagesStopped: false,
      undrawablePages: [],
    },
  });
  await recordPageTexts(tx, doc.id, number, pageImages.texts);
  const linksClamped: LinkGateMove[] = [];
  const linksRestored: LinkGateMove[] = [];
  for (const { link, gate, preview } of plan.links) {
    const overrides = linkOverrides(link);
    const moved = gate && gateMove(overrides.gate_page!, gate);
    if (moved) (moved.to < moved.from ? linksClamped : linksRestored).push({ code: link.code, name: link.name, ...moved });
    await tx.link.update({
      where: { id: link.id },
      data: {
        previewStorageKey: preview.key,
        previewPageCount: preview.pages,
        gatePageChosen: gate?.waitingFor ?? null,
        ...(gate && { overrides: { ...overrides, gate_page: gate.page } as Prisma.JsonObject }),
      },
    });
  }
  const gatePageMoved = gateMove(doc.gatePage, plan.gate);
  const gatePageClamped = gatePageMoved && gatePageMoved.to < gatePageMoved.from ? gatePageMoved : null;
  const gatePageRestored = gatePageMoved && gatePageMoved.to > gatePageMoved.from ? gatePageMoved : null;
  await recordEvent(tx, {
    teamId: doc.teamId,
    documentId: doc.id,
    type: "document.updated",
    at,
    data: {
      document: eventDocument(updated),
      link: { code: updated.code, name: null },
      version: {
        number,
        page_count: pageCount,
        size_bytes: incoming.sizeBytes,
        original_filename: incoming.originalFilename,
        previous_number: doc.version,
        restored: incoming.restoring !== null,
      },
      gate_page_clamped: gatePageClamped,
      gate_page_restored: gatePageRestored,
    },
  });
  await recordAudit(tx, by, {
    action: incoming.restoring === null ? "document.version_uploaded" : "document.version_restored",
    target: { id: apiShortCode(updated.code), label: updated.title },
    details: {
      number,
      previous_number: doc.version,
      page_count: pageCount,
      original_filename: incoming.originalFilename,
      ...(gatePageMoved && { changes: { gate_page: { from: gatePageMoved.from, to: gatePageMoved.to } } }),
    },
  });
  const pruned = await pruneVersions(tx, updated);
  await faultPoint("version:pruned");
  return {
    change: { document: updated, gatePageClamped, gatePageRestored, linksClamped, linksRestored },
    replaced: [doc.previewStorageKey, ...plan.links.map((l) => l.link.previewStorageKey)].filter((k): k is string => k !== null),
    pruned,
    // Every page, not only those counted: a reader may have had later ones drawn on request.
    replacedImages: { originalKey: doc.storageKey, pages: doc.pageCount },
  };
}

/** Versions past the team's `versions_kept`, oldest first, never the current one: their rows go now, their files after the commit. */
async function pruneVersions(tx: Tx, doc: Document): Promise<string[]> {
  const team = await tx.team.findUniqueOrThrow({ where: { id: doc.teamId }, select: { versionsKept: true } });
  if (team.versionsKept === null) return [];
  const versions = await tx.documentVersion.findMany({ where: { documentId: doc.id }, orderBy: { number: "desc" } });
  const others = versions.filter((v) => v.number !== doc.version);
  const gone = others.slice(Math.max(0, team.versionsKept - 1));
  if (gone.length === 0) return [];
  await tx.documentVersion.deleteMany({ where: { id: { in: gone.map((v) => v.id) } } });
  return gone.flatMap((v) => [v.storageKey, ...(v.sourceType ? [sourceKey(v.storageKey, v.sourceType)] : [])]);
}

async function removeFiles(keys: string[] | undefined): Promise<void> {
  for (const key of keys ?? []) {
    await storage()
      .delete(key)
      .catch(() => undefined);
  }
}
