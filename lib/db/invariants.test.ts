import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { createUser } from "../users/create-user";

/** Refused by the database itself (prisma/migrations/*_invariants), whatever code writes the row. */
async function refusal(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error, "the write should have been refused").not.toBeNull();
  return error!.message;
}

describe("the database refuses impossible states", () => {
  it("a gate page outside the document, a preview as long as the document, negative counters, an unknown engagement rank", async () => {
    const owner = await createUser({ email: "invariants@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Five pages", 5);
    const update = (data: Parameters<typeof db.document.update>[0]["data"]) => db.document.update({ where: { id: doc.id }, data });

    expect(await refusal(update({ gatePage: 6 }))).toContain("gate_page must be between 1 and page_count");
    expect(await refusal(update({ gatePage: 0 }))).toContain("gate_page must be between 1 and page_count");
    expect(await refusal(update({ previewPageCount: 5 }))).toContain("preview_page_count");
    expect(await refusal(update({ views: -1 }))).toContain("counters must not be negative");
    expect(await refusal(update({ totalTimeSeconds: -0.5 }))).toContain("counters must not be negative");
    expect(await refusal(update({ engagementRank: 5 }))).toContain("engagement_rank");
    await update({ gatePage: 5, previewPageCount: 4, views: 1 });
    expect(await db.document.findUniqueOrThrow({ where: { id: doc.id } })).toMatchObject({ gatePage: 5, previewPageCount: 4, views: 1 });
  });

  it("a viewer's completion above 1, negative reading time on a visit or a page", async () => {
    const owner = await createUser({ email: "invariants-viewer@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Two pages", 2);
    const viewer = await db.viewer.create({ data: { documentId: doc.id, browserId: "b-invariants", publicId: "anon_invariants01" } });
    expect(await refusal(db.viewer.update({ where: { id: viewer.id }, data: { completion: 1.5 } }))).toContain(
      "completion must be between 0 and 1",
    );
    expect(await refusal(db.viewer.update({ where: { id: viewer.id }, data: { visits: -1 } }))).toContain("counters must not be negative");
    const startedAt = new Date();
    const visit = await db.visit.create({
      data: { documentId: doc.id, viewerId: viewer.id, number: 1, startedAt, lastActivityAt: startedAt, pageCount: doc.pageCount },
    });
    expect(await refusal(db.visit.update({ where: { id: visit.id }, data: { totalTimeSeconds: -1 } }))).toContain(
      "counters must not be negative",
    );
    const pageTime = { visitId: visit.id, documentId: doc.id, visitStartedAt: startedAt };
    expect(await refusal(db.pageTime.create({ data: { ...pageTime, page: 1, seconds: -2 } }))).toContain("seconds must not be negative");
    expect(await refusal(db.pageTime.create({ data: { ...pageTime, page: 0, seconds: 1 } }))).toContain("page must be at least 1");
  });
});
