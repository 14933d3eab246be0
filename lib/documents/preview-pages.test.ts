import { describe, expect, it } from "vitest";
import { gatePageField, gatePageFromPreviewPages, parsePreviewPages, previewPagesFromGatePage } from "./preview-pages";

describe("free preview pages and the API's gate_page", () => {
  it("N free pages put the gate on page N + 1, and back", () => {
    expect(gatePageFromPreviewPages(2)).toBe(3);
    expect(gatePageFromPreviewPages(0)).toBe(1);
    expect(previewPagesFromGatePage(3)).toBe(2);
    expect(previewPagesFromGatePage(1)).toBe(0);
  });

  it("accepts 0 to page count - 1 free pages", () => {
    expect(parsePreviewPages("0", 12)).toEqual({ ok: true, gatePage: 1 });
    expect(parsePreviewPages(" 11 ", 12)).toEqual({ ok: true, gatePage: 12 });
  });

  it("refuses other counts in the reader's words", () => {
    for (const raw of ["12", "99", "-1", "2.5", "", "three"]) {
      expect(parsePreviewPages(raw, 12), raw).toEqual({ ok: false, message: "Choose between 0 and 11 free preview pages" });
    }
    expect(parsePreviewPages("1", 1)).toEqual({ ok: false, message: "This document has one page, so it has 0 free preview pages" });
  });

  it("turns a form's whole number into gate_page and leaves anything else for the API to refuse", () => {
    expect(gatePageField("2")).toBe("3");
    expect(gatePageField("abc")).toBe("abc");
    expect(gatePageField("")).toBe("");
  });
});
