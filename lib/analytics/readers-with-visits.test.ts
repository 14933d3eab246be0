import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { createLink } from "../links/create-link";
import { createUser } from "../users/create-user";
import { readersWithVisits } from "./readers-with-visits";
import { recomputeAggregates } from "./recompute-aggregates";

const DAY = 86_400_000;
const ALL_TIME = { since: undefined, until: undefined };
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** A 4-page document with two links: Ann read through A (and downloaded) then B, Bob through B long ago and the document's own code, one anonymous reader through the own code. */
async function readThroughTwoLinks() {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Two links", 4, { email_gate: false });
  const a = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Acme — Ann" });
  const b = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Beta — Bob" });
  await addViewer(doc.id, {
    email: "ann@acme.com",
    visits: [
      {
        startedAt: ago(2),
        pages: [
          [1, 10],
          [2, 10],
        ],
        downloaded: true,
        linkId: a.id,
      },
      { startedAt: ago(1), pages: [[3, 5]], linkId: b.id },
    ],
  });
  await addViewer(doc.id, {
    email: "bob@beta.com",
    visits: [
      { startedAt: ago(40), pages: [[1, 4]], linkId: b.id },
      { startedAt: ago(3), pages: [[1, 6]] },
    ],
  });
  await addViewer(doc.id, { visits: [{ startedAt: ago(1), pages: [[1, 2]] }] });
  await recomputeAggregates([doc.id]);
  return { doc, a, b };
}

describe("readersWithVisits", () => {
  it("through a link: only its readers, each with the figures and visits of that link alone", async () => {
    const { doc, a, b } = await readThroughTwoLinks();

    const throughA = await readersWithVisits(doc, ALL_TIME, 1, 20, { linkId: a.id });
    expect(throughA.pagination.total).toBe(1);
    expect(throughA.readers).toEqual([
      expect.objectContaining({ label: "ann@acme.com", visits: 1, completion: 0.5, totalTimeSeconds: 20, downloaded: true }),
    ]);
    const annThroughA = throughA.timelines.get(throughA.readers[0]!.viewerId)!;
    expect(annThroughA.map((v) => ({ number: v.number, link: v.link, downloads: v.downloads }))).toEqual([
      { number: 1, link: { name: "Acme — Ann", code: a.code }, downloads: 1 },
    ]);

    const throughB = await readersWithVisits(doc, ALL_TIME, 1, 20, { linkId: b.id });
    expect(throughB.readers.map((r) => [r.label, r.visits, r.downloaded]).sort()).toEqual([
      ["ann@acme.com", 1, false],
      ["bob@beta.com", 1, false],
    ]);
    for (const reader of throughB.readers) {
      expect(throughB.timelines.get(reader.viewerId)!.map((v) => v.link.name)).toEqual(["Beta — Bob"]);
    }
  });

  it("through a link in a period: only the link's visits started in it", async () => {
    const { doc, b } = await readThroughTwoLinks();
    const week = await readersWithVisits(doc, { since: ago(7), until: undefined }, 1, 20, { linkId: b.id });
    expect(week.readers.map((r) => r.label)).toEqual(["ann@acme.com"]);
    expect(week.pagination.total).toBe(1);
  });

  it("through the document's own code: the readers who came without a link, their visits named by no link", async () => {
    const { doc } = await readThroughTwoLinks();
    const own = await readersWithVisits(doc, ALL_TIME, 1, 20, { linkId: null });
    expect(own.readers.map((r) => r.label).sort()).toEqual(["Anonymous reader 3", "bob@beta.com"]);
    const bob = own.readers.find((r) => r.label === "bob@beta.com")!;
    expect(own.timelines.get(bob.viewerId)!.map((v) => ({ number: v.number, link: v.link }))).toEqual([
      { number: 2, link: { name: null, code: doc.code } },
    ]);
  });

  it("without a link: every reader, and each visit names the link it came through", async () => {
    const { doc, a, b } = await readThroughTwoLinks();
    const all = await readersWithVisits(doc, ALL_TIME, 1, 20);
    expect(all.pagination.total).toBe(3);
    const ann = all.readers.find((r) => r.label === "ann@acme.com")!;
    expect(ann.visits).toBe(2);
    expect(all.timelines.get(ann.viewerId)!.map((v) => v.link)).toEqual([
      { name: "Beta — Bob", code: b.code },
      { name: "Acme — Ann", code: a.code },
    ]);
    expect(all.accepted.size).toBe(0);
  });

  it("names a deleted link's visits still: its activity stays attributed", async () => {
    const { doc, a } = await readThroughTwoLinks();
    await db.link.update({ where: { id: a.id }, data: { deletedAt: new Date() } });
    const throughA = await readersWithVisits(doc, ALL_TIME, 1, 20, { linkId: a.id });
    expect(throughA.timelines.get(throughA.readers[0]!.viewerId)!.map((v) => v.link.name)).toEqual(["Acme — Ann"]);
  });
});
