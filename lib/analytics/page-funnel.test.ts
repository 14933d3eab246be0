import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createLink } from "../links/create-link";
import { createUser } from "../users/create-user";
import { pageFunnel } from "./page-funnel";
import { currentVersion } from "./read-version";

const DAY = 86_400_000;
const ALL_TIME = { since: undefined, until: undefined };

describe("pageFunnel", () => {
  it("counts a visit at every page up to the furthest one it viewed, so the funnel never rises", async () => {
    const owner = await createUser({ email: "funnel@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Five pages", 5);
    const recent = new Date(Date.now() - DAY);
    // Scrolled fast past pages 1–2 and stopped on page 3.
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: recent,
          pages: [
            [1, 0.3],
            [2, 0.4],
            [3, 12],
          ],
        },
      ],
    });
    // Read pages 1 and 2, then left.
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: recent,
          pages: [
            [1, 8],
            [2, 6],
          ],
        },
      ],
    });
    // Jumped straight to the last page; a second visit only glanced at page 1 for half a second.
    await addViewer(doc.id, {
      visits: [
        { startedAt: recent, pages: [[5, 4]] },
        { startedAt: new Date(recent.getTime() + 3_600_000), pages: [[1, 0.5]] },
      ],
    });
    // Read everything, but long before the period below.
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: new Date(Date.now() - 60 * DAY),
          pages: [
            [1, 3],
            [2, 3],
            [3, 3],
            [4, 3],
            [5, 3],
          ],
        },
      ],
    });

    expect(await pageFunnel(doc.id, currentVersion(doc), ALL_TIME)).toEqual([
      { page: 1, visits: 4 },
      { page: 2, visits: 4 },
      { page: 3, visits: 3 },
      { page: 4, visits: 2 },
      { page: 5, visits: 2 },
    ]);
    expect(await pageFunnel(doc.id, currentVersion(doc), { since: new Date(Date.now() - 7 * DAY), until: undefined })).toEqual([
      { page: 1, visits: 3 },
      { page: 2, visits: 3 },
      { page: 3, visits: 2 },
      { page: 4, visits: 1 },
      { page: 5, visits: 1 },
    ]);
  });

  it("counts only the visits through a link when given one, or only those without one for the document's own code", async () => {
    const owner = await createUser({ email: "funnel-links@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Three pages", 3);
    const link = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Acme — Ann" });
    const recent = new Date(Date.now() - DAY);
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: recent,
          pages: [
            [1, 5],
            [2, 5],
          ],
          linkId: link.id,
        },
        { startedAt: new Date(Date.now() - 60 * DAY), pages: [[1, 5]], linkId: link.id },
      ],
    });
    await addViewer(doc.id, {
      visits: [
        {
          startedAt: recent,
          pages: [
            [1, 5],
            [2, 5],
            [3, 5],
          ],
        },
      ],
    });

    expect(await pageFunnel(doc.id, currentVersion(doc), ALL_TIME, { linkId: link.id })).toEqual([
      { page: 1, visits: 2 },
      { page: 2, visits: 1 },
      { page: 3, visits: 0 },
    ]);
    expect(
      await pageFunnel(doc.id, currentVersion(doc), { since: new Date(Date.now() - 7 * DAY), until: undefined }, { linkId: link.id }),
    ).toEqual([
      { page: 1, visits: 1 },
      { page: 2, visits: 1 },
      { page: 3, visits: 0 },
    ]);
    expect(await pageFunnel(doc.id, currentVersion(doc), ALL_TIME, { linkId: null })).toEqual(
      [1, 2, 3].map((page) => ({ page, visits: 1 })),
    );
  });

  it("has a zero for every page of a document nobody has read", async () => {
    const owner = await createUser({ email: "unread@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "Unread", 3);
    expect(await pageFunnel(doc.id, currentVersion(doc), ALL_TIME)).toEqual([1, 2, 3].map((page) => ({ page, visits: 0 })));
  });
});
