import { describe, expect, it } from "vitest";
import { DIGEST_MAX_LINES, digestEmail, formatReadingTime, readerLine } from "./digest-email";

const reader = {
  email: null,
  pagesViewed: 3,
  completion: 0.25,
  totalTimeSeconds: 40,
  newLead: false,
  finished: false,
  room: null,
  company: null,
  link: null,
};

describe("digest email", () => {
  it("writes reading time as seconds, minutes and seconds, or hours and minutes", () => {
    expect(formatReadingTime(0.4)).toBe("0s");
    expect(formatReadingTime(42.4)).toBe("42s");
    expect(formatReadingTime(59.6)).toBe("1m 0s");
    expect(formatReadingTime(258)).toBe("4m 18s");
    expect(formatReadingTime(3_900)).toBe("1h 5m");
  });

  it("names the reader, how far they read and what is new about them", () => {
    expect(
      readerLine(
        {
          ...reader,
          email: "james@acme.com",
          company: "acme.com",
          pagesViewed: 12,
          completion: 1,
          totalTimeSeconds: 258,
          newLead: true,
          finished: true,
        },
        12,
      ),
    ).toBe("james@acme.com (acme.com) read 12 of 12 pages in 4m 18s (new lead, finished)");
    expect(readerLine(reader, 12)).toBe("an anonymous reader read 3 of 12 pages in 40s");
    expect(readerLine({ ...reader, pagesViewed: 1, completion: 1, totalTimeSeconds: 0.2 }, 1)).toBe("an anonymous reader read 1 of 1 page");
    expect(readerLine({ ...reader, email: "ann@globex.io", pagesViewed: 0, completion: 0, totalTimeSeconds: 0, newLead: true }, 12)).toBe(
      "ann@globex.io has not read a page yet (new lead)",
    );
  });

  it("names the data room of a reader who last read the document in one", () => {
    expect(readerLine({ ...reader, email: "jane@sequoia.com", newLead: true, room: "Series A" }, 12)).toBe(
      "jane@sequoia.com read 3 of 12 pages in 40s, in the room “Series A” (new lead)",
    );
  });

  it("names the link the reader came through, a name ending in “link” as it is, and the reader's company", () => {
    const jane = { ...reader, email: "jane@sequoia.com", company: "sequoia.com" };
    expect(readerLine({ ...jane, link: "Investor" }, 12)).toBe(
      "jane@sequoia.com (sequoia.com) read 3 of 12 pages in 40s via Investor link",
    );
    expect(readerLine({ ...jane, link: "Board link", room: "Series A" }, 12)).toBe(
      "jane@sequoia.com (sequoia.com) read 3 of 12 pages in 40s via Board link, in the room “Series A”",
    );
    expect(readerLine({ ...reader, link: "Investor" }, 12)).toBe("an anonymous reader read 3 of 12 pages in 40s via Investor link");
  });

  it("counts the pages of the version the reader read furthest, not the current one's", () => {
    expect(readerLine({ ...reader, pagesViewed: 4, completion: 1 }, 12)).toBe("an anonymous reader read 4 of 4 pages in 40s");
  });

  it("counts the readers beyond the listed ones instead of listing them", () => {
    const listed = Array.from({ length: DIGEST_MAX_LINES }, () => reader);
    const { subject, body } = digestEmail({ title: "Deck", code: "abc1234567", pageCount: 12 }, listed, 10_000);
    expect(subject).toBe("10000 readers on “Deck”");
    expect(body.split("\n\n")[0]!.split("\n")).toHaveLength(DIGEST_MAX_LINES + 1);
    expect(body).toContain("and 9980 more readers");
    expect(digestEmail({ title: "Deck", code: "abc1234567", pageCount: 12 }, listed.slice(0, 2), 3).body).toContain("and 1 more reader\n");
  });
});
