import { describe, expect, it } from "vitest";
import { presentParams } from "./present-params";

describe("presentParams", () => {
  it("drops parameters sent empty, as a GET form sends fields left blank", () => {
    const sent = new URLSearchParams("search=Roadmap&engagement=&has_leads=&sort=created_at");
    expect(presentParams(sent)).toEqual({ search: "Roadmap", sort: "created_at" });
  });

  it("keeps values that are only whitespace or zero: those are values, for the schema to judge", () => {
    expect(presentParams({ search: " ", page: "0", since: undefined })).toEqual({ search: " ", page: "0" });
  });

  it("reads a repeated parameter as its last value, from a URL or as Next.js hands it over", () => {
    expect(presentParams(new URLSearchParams("sort=views&sort=title&order=asc&order="))).toEqual({ sort: "title" });
    expect(presentParams({ sort: ["views", "title"], order: "" })).toEqual({ sort: "title" });
  });
});
