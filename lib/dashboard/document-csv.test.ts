import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addViewer } from "../../scripts/lib/activity";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { recomputeAggregates } from "../analytics/recompute-aggregates";
import { createUser } from "../users/create-user";
import { leadsCsv, viewersCsv } from "./document-csv";

const DAY = 86_400_000;

/** A 4-page document with a reader who came 20 days ago and again 2 days ago, and one who came 40 days ago. */
async function documentWithHistory() {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Board deck", 4, { email_gate: false });
  const start = Date.now();
  const at = (days: number) => new Date(start - days * DAY);
  await addViewer(doc.id, {
    email: "recent@acme.com",
    leadAt: at(20),
    visits: [
      {
        startedAt: at(20),
        pages: [
          [1, 30],
          [2, 30],
          [3, 30],
          [4, 30],
        ],
        downloaded: true,
      },
      { startedAt: at(2), pages: [[1, 5]] },
    ],
  });
  await addViewer(doc.id, { email: "old@globex.com", leadAt: at(40), visits: [{ startedAt: at(40), pages: [[1, 12]] }] });
  await recomputeAggregates([doc.id]);
  return { doc, at };
}

const lines = (body: string) => body.trimEnd().split("\r\n");
const columns = (line: string) => line.split(",");

describe("CSV exports follow the document page's period", () => {
  it("all time: every lead and every viewer with lifetime figures, times in UTC", async () => {
    const { doc, at } = await documentWithHistory();
    const leads = await leadsCsv(doc, undefined);
    expect(leads.filename).toBe("Board deck-leads.csv");
    expect(
      lines(leads.body)
        .slice(1)
        .map((l) => columns(l)[0]),
    ).toEqual(["recent@acme.com", "old@globex.com"]);
    expect(columns(lines(leads.body)[1]!)[3]).toBe(at(20).toISOString());

    const viewers = await viewersCsv(doc, "all");
    expect(viewers.filename).toBe("Board deck-viewers.csv");
    const recent = columns(lines(viewers.body).find((l) => l.includes("recent@acme.com"))!);
    expect(recent.slice(3, 9)).toEqual(["2", "4", "4", "1", "125", "true"]);
    expect(recent[10]).toBe(at(20).toISOString());
    expect(lines(viewers.body)).toHaveLength(3);
  });

  it("a period: only leads captured and readers who visited in it, with the figures of those visits", async () => {
    const { doc, at } = await documentWithHistory();
    const leads = await leadsCsv(doc, "30d");
    expect(leads.filename).toBe("Board deck-leads-last-30-days.csv");
    expect(
      lines(leads.body)
        .slice(1)
        .map((l) => columns(l)[0]),
    ).toEqual(["recent@acme.com"]);

    const week = await viewersCsv(doc, "7d");
    expect(week.filename).toBe("Board deck-viewers-last-7-days.csv");
    expect(lines(week.body)[0]).toBe(
      "viewer_id,email,company_domain,visits,pages_viewed,total_pages,completion,total_time_seconds,downloaded,engagement_label,first_viewed_at,last_viewed_at,reader,agreement_accepted_at",
    );
    expect(lines(week.body)).toHaveLength(2);
    const recent = columns(lines(week.body)[1]!);
    // One visit in the week, one page of four for 5 s, the download 20 days ago outside it.
    expect(recent.slice(1, 9)).toEqual(["recent@acme.com", "acme.com", "1", "1", "4", "0.25", "5", "false"]);
    expect(recent[10]).toBe(at(2).toISOString());
    expect(recent[12]).toBe("recent@acme.com");

    expect(lines((await leadsCsv(doc, "7d")).body)).toHaveLength(1);
  });
});
