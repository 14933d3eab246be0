import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { createLink } from "../links/create-link";
import { createUser } from "../users/create-user";
import { documentDownloads } from "./document-downloads";

const DAY = 86_400_000;
const ALL_TIME = { since: undefined, until: undefined };
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function documentWithLink() {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Downloads", 2, { email_gate: false });
  return { doc, link: await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Acme — Ann" }) };
}

describe("documentDownloads", () => {
  it("lists the downloads made through one link, newest first, each named as the readers table names its reader", async () => {
    // Readers are numbered in the order they first came: the anonymous one, a day ago, is the third.
    const { doc, link } = await documentWithLink();
    await addViewer(doc.id, { email: "ann@acme.com", visits: [{ startedAt: ago(3), pages: [[1, 5]], downloaded: true, linkId: link.id }] });
    await addViewer(doc.id, { visits: [{ startedAt: ago(1), pages: [[1, 5]], downloaded: true, linkId: link.id }] });
    await addViewer(doc.id, { email: "own@code.com", visits: [{ startedAt: ago(2), pages: [[1, 5]], downloaded: true }] });

    const throughLink = await documentDownloads(doc, ALL_TIME, 1, 20, { linkId: link.id });
    expect(throughLink.downloads.map((d) => d.label)).toEqual(["Anonymous reader 3", "ann@acme.com"]);
    expect(throughLink.downloads[0]!.viewerId).toMatch(/^anon_/);
    expect(throughLink.pagination).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });

    const ownCode = await documentDownloads(doc, ALL_TIME, 1, 20, { linkId: null });
    expect(ownCode.downloads.map((d) => d.label)).toEqual(["own@code.com"]);
    expect((await documentDownloads(doc, ALL_TIME, 1, 20)).pagination.total).toBe(3);
  });

  it("keeps to the period and pages through the rest", async () => {
    const { doc, link } = await documentWithLink();
    for (const days of [40, 5, 2, 1]) {
      await addViewer(doc.id, { visits: [{ startedAt: ago(days), pages: [[1, 5]], downloaded: true, linkId: link.id }] });
    }
    const week = { since: ago(7), until: undefined };
    const first = await documentDownloads(doc, week, 1, 2, { linkId: link.id });
    expect(first.downloads.map((d) => d.label)).toEqual(["Anonymous reader 4", "Anonymous reader 3"]);
    expect(first.pagination).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    const second = await documentDownloads(doc, week, 2, 2, { linkId: link.id });
    expect(second.downloads.map((d) => d.label)).toEqual(["Anonymous reader 2"]);
    expect((await documentDownloads(doc, week, 3, 2, { linkId: link.id })).downloads).toEqual([]);
  });

  it("still counts a download whose reader's record is gone, naming no reader", async () => {
    const { doc, link } = await documentWithLink();
    await addViewer(doc.id, { visits: [{ startedAt: ago(1), pages: [[1, 5]], downloaded: true, linkId: link.id }] });
    const download = await db.download.findFirstOrThrow({ where: { documentId: doc.id } });
    await db.download.update({ where: { id: download.id }, data: { viewerId: null } });
    expect((await documentDownloads(doc, ALL_TIME, 1, 20, { linkId: link.id })).downloads).toEqual([
      { id: download.id, viewerId: null, label: null, downloadedAt: download.createdAt },
    ]);
  });

  it("finds no downloads of another document", async () => {
    const { doc } = await documentWithLink();
    const other = await documentWithLink();
    await addViewer(other.doc.id, { visits: [{ startedAt: ago(1), pages: [[1, 5]], downloaded: true }] });
    expect((await documentDownloads(doc, ALL_TIME, 1, 20)).pagination.total).toBe(0);
    expect((await documentDownloads(doc, ALL_TIME, 1, 20, { linkId: other.link.id })).downloads).toEqual([]);
  });
});
