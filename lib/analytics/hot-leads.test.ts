import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createUser } from "../users/create-user";
import { hotLeads } from "./hot-leads";
import { recentActivity } from "./recent-activity";
import { recomputeAggregates } from "./recompute-aggregates";

const DAY = 86_400_000;
const closely = (pages: number): Array<[number, number]> => Array.from({ length: pages }, (_, i) => [i + 1, 20]);

describe("hot leads", () => {
  it("names the people whose engagement rose in the period against the period before, most engaged first", async () => {
    const user = await createUser({ email: `hot-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    const deck = await createSampleDocument(user, "Deck", 4, { email_gate: false });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    // Warmed up: glanced at one page 10 days ago, read it all closely yesterday.
    await addViewer(deck.id, {
      email: "rising@acme.com",
      name: "Rita",
      visits: [
        { startedAt: at(10), pages: [[1, 3]] },
        { startedAt: at(1), pages: closely(4) },
      ],
    });
    // New this week, skimmed two pages.
    await addViewer(deck.id, {
      email: "new@globex.io",
      visits: [
        {
          startedAt: at(2),
          pages: [
            [1, 3],
            [2, 3],
          ],
        },
      ],
    });
    // As engaged as before: read it all closely both weeks.
    await addViewer(deck.id, {
      email: "steady@initech.com",
      visits: [
        { startedAt: at(9), pages: closely(4) },
        { startedAt: at(3), pages: closely(4) },
      ],
    });
    // Cooled down: read closely last week, one glance this week.
    await addViewer(deck.id, {
      email: "cooling@hooli.com",
      visits: [
        { startedAt: at(12), pages: closely(4) },
        { startedAt: at(4), pages: [[1, 2]] },
      ],
    });
    await addViewer(deck.id, { visits: [{ startedAt: at(1.5), pages: closely(4) }] });
    await recomputeAggregates([deck.id]);

    const hot = await hotLeads(user.personalTeamId, at(7));
    expect(hot.map((h) => [h.email, h.before.label, h.engagement.label])).toEqual([
      ["rising@acme.com", "Skimmed", "High Interest"],
      ["new@globex.io", "Not Opened", "Skimmed"],
    ]);
    expect(hot[0]).toMatchObject({ name: "Rita", document: { title: "Deck" }, total_time_seconds: 80 });

    const feed = await recentActivity(user.personalTeamId);
    expect(feed.slice(0, 2).map((item) => [item.kind, item.email])).toEqual([
      ["visit", "rising@acme.com"],
      ["visit", null],
    ]);
    expect(feed).toHaveLength(8);
  });
});
