import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createLink } from "../links/create-link";
import { createUser } from "../users/create-user";
import { viewsOverTime } from "./views-over-time";

const DAY = 86_400_000;

describe("viewsOverTime", () => {
  it("counts one link's visits per day when given it, the visits without a link for the document's own code", async () => {
    const owner = await createUser({ email: "views-by-link@example.com", password: "long enough" });
    const doc = await createSampleDocument(owner, "By link", 2);
    const link = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Acme — Ann" });
    const today = new Date(Math.floor(Date.now() / DAY) * DAY + 60_000);
    const yesterday = new Date(today.getTime() - DAY);
    await addViewer(doc.id, {
      visits: [
        { startedAt: yesterday, pages: [[1, 5]], linkId: link.id },
        { startedAt: today, pages: [[1, 5]], linkId: link.id },
        { startedAt: today, pages: [[1, 5]] },
      ],
    });
    const week = { since: new Date(today.getTime() - 6 * DAY), until: undefined };
    const days = (series: Array<{ day: string; views: number }>) => series.slice(-2).map((d) => d.views);

    expect(days(await viewsOverTime(owner.personalTeamId, week, { documentId: doc.id }))).toEqual([1, 2]);
    expect(days(await viewsOverTime(owner.personalTeamId, week, { documentId: doc.id, link: { linkId: link.id } }))).toEqual([1, 1]);
    expect(days(await viewsOverTime(owner.personalTeamId, week, { documentId: doc.id, link: { linkId: null } }))).toEqual([0, 1]);
  });
});
