import { describe, expect, it } from "vitest";
import { parsePageLayers } from "./page-layers";

describe("a page's layers as the viewer takes them", () => {
  it("keeps text runs and links inside the page, and drops links a reader must not follow", () => {
    const box = { x: 0.1, y: 0.2, w: 0.3, h: 0.02 };
    const layers = parsePageLayers({
      page: 1,
      width: 612,
      height: 792,
      text: [{ ...box, str: "Hello" }, { ...box, str: "" }, { ...box, x: 1.5, str: "outside" }, { str: "no box" }],
      links: [
        { ...box, page: 3 },
        { ...box, url: "https://example.com/a" },
        { ...box, url: "mailto:someone@example.com" },
        { ...box, url: "javascript:alert(1)" },
        { ...box, url: "file:///etc/passwd" },
        { ...box, page: 0 },
        { ...box, url: "not a url" },
      ],
    });
    expect(layers.text).toEqual([{ ...box, str: "Hello" }]);
    expect(layers.links).toEqual([
      { ...box, page: 3 },
      { ...box, url: "https://example.com/a" },
      { ...box, url: "mailto:someone@example.com" },
    ]);
  });

  it("reads an answer that is not layers as none", () => {
    expect(parsePageLayers(null)).toEqual({ text: [], links: [] });
    expect(parsePageLayers({ text: "x", links: {} })).toEqual({ text: [], links: [] });
  });
});
