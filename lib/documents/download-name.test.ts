import { describe, expect, it } from "vitest";
import { downloadDisposition } from "./download-name";

describe("downloadDisposition", () => {
  it("names the download after the document's title, with .pdf once", () => {
    expect(downloadDisposition("Q3 Board Deck")).toBe(`attachment; filename="Q3 Board Deck.pdf"; filename*=UTF-8''Q3%20Board%20Deck.pdf`);
    expect(downloadDisposition("report.PDF")).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it("keeps a title with accents or other scripts exact in filename*, with an ASCII stand-in in filename", () => {
    expect(downloadDisposition("Café plan — 2026")).toBe(
      `attachment; filename="Cafe plan _ 2026.pdf"; filename*=UTF-8''Caf%C3%A9%20plan%20%E2%80%94%202026.pdf`,
    );
    expect(downloadDisposition("報告")).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`);
  });

  it("cannot break out of the header or name a path: quotes, semicolons, line breaks and slashes are neutralised", () => {
    const header = downloadDisposition('evil"; filename="x.exe\r\nSet-Cookie: a=b/../..\\x');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="evil__ filename=_x.exe Set-Cookie: a=b .. .. x.pdf"; filename*=UTF-8''evil%22%3B%20filename%3D%22x.exe%20Set-Cookie%3A%20a%3Db%20..%20..%20x.pdf`,
    );
    expect(downloadDisposition("it's (final)*")).toContain(`filename*=UTF-8''it%27s%20%28final%29%2A.pdf`);
  });

  it("falls back to document.pdf for a title with nothing left", () => {
    expect(downloadDisposition(" .pdf ")).toBe(`attachment; filename="document.pdf"; filename*=UTF-8''document.pdf`);
  });
});
