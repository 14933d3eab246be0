import { describe, expect, it } from "vitest";
import { sharePagePath } from "./share-page-path";

/** `code` with its first character percent-escaped: the router decodes it into the page's params. */
const escaped = (code: string) => `%${code.charCodeAt(0).toString(16)}${code.slice(1)}`;

describe("the share page a path names, as the router hands it to the page", () => {
  it("names a code's page and a room document's page", () => {
    expect(sharePagePath("/s/abcdefghij")).toEqual({ code: "abcdefghij", document: null });
    expect(sharePagePath("/s/abcdefghij/klmnopqrst")).toEqual({ code: "abcdefghij", document: "klmnopqrst" });
  });

  it("reads codes spelled with percent-escapes as the router does, so they meet the page's door", () => {
    expect(sharePagePath(`/s/${escaped("abcdefghij")}`)).toEqual({ code: "abcdefghij", document: null });
    expect(sharePagePath(`/s/abcdefghij/${escaped("klmnopqrst")}`)).toEqual({ code: "abcdefghij", document: "klmnopqrst" });
    expect(sharePagePath(`/s/${escaped("abcdefghij")}/${escaped("klmnopqrst")}`)).toEqual({
      code: "abcdefghij",
      document: "klmnopqrst",
    });
  });

  it("names no page for the viewer's routes, which count at their own doors", () => {
    for (const path of ["/s/abcdefghij/gate", "/s/abcdefghij/zip", "/s/abcdefghij/klmnopqrst/file", "/s/abcdefghij/pages/1"]) {
      expect(sharePagePath(path), path).toBeNull();
    }
  });

  it("names no page for an empty code, an escaped slash, or a segment that cannot be decoded", () => {
    for (const path of ["/s/", "/s//klmnopqrst", "/s/abcdefghij/%E0%A4%A", "/s/%E0%A4%A", "/s/abcdefghij/klmno%2Fqrst", "/t/abcdefghij"]) {
      expect(sharePagePath(path), path).toBeNull();
    }
    // An escaped slash stays inside its segment, as in the router's param: a code no lookup finds.
    expect(sharePagePath("/s/abc%2Fdefghij")).toEqual({ code: "abc/defghij", document: null });
  });
});
