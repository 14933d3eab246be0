import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { ingestNow } from "../../test/support/ingest-now";
import { noReaderCap, openAccess } from "../../test/support/fixtures";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { readingNow } from "./reading-now";

afterEach(() => setClockOffset(0));

const owner = () => createUser({ email: `now-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

/** A beacon of the reader in `browser`, `ago` ms before now: `pages` in view, the last one where they are. */
async function beaconAgo(
  doc: Awaited<ReturnType<typeof createSampleDocument>>,
  ago: number,
  pages: number[],
  visitId?: string,
  browser = randomBytes(12).toString("base64url"),
) {
  setClockOffset(-ago);
  const sent = await ingestNow(
    doc,
    openAccess(doc.pageCount),
    browser,
    {
      batch_id: randomBytes(8).toString("hex"),
      visit_id: visitId,
      pages: pages.map((page) => ({ page, seconds: 4 })),
    },
    noReaderCap,
  );
  setClockOffset(0);
  return sent.visit_id!;
}

describe("reading now", () => {
  it("lists a reader whose last beacon was 30 s ago, on the page of that beacon, and not one whose last was 3 minutes ago", async () => {
    const user = await owner();
    const deck = await createSampleDocument(user, "Deck", 5, { email_gate: false });
    const memo = await createSampleDocument(user, "Memo", 3, { email_gate: false });
    await beaconAgo(deck, 30_000, [1, 2]);
    const browser = randomBytes(12).toString("base64url");
    const lingering = await beaconAgo(memo, 5 * 60_000, [1], undefined, browser);
    await beaconAgo(memo, 3 * 60_000, [2], lingering, browser);

    const readers = await readingNow(user.personalTeamId);
    expect(readers.map((r) => [r.document.title, r.page, r.page_count])).toEqual([["Deck", 2, 5]]);
    expect(Date.now() - Date.parse(readers[0]!.last_active_at)).toBeLessThan(60_000);
  });

  it("follows a reader to the page of their latest beacon, and lists no other team's readers", async () => {
    const [user, stranger] = await Promise.all([owner(), owner()]);
    const deck = await createSampleDocument(user, "Deck", 5, { email_gate: false });
    const browser = randomBytes(12).toString("base64url");
    const visit = await beaconAgo(deck, 50_000, [1], undefined, browser);
    await beaconAgo(deck, 10_000, [4], visit, browser);
    expect((await readingNow(user.personalTeamId)).map((r) => r.page)).toEqual([4]);
    expect(await readingNow(stranger.personalTeamId)).toEqual([]);
  });
});
