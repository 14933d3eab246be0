import { describe, expect, it } from "vitest";
import { matchRoute, routesOf } from "./api-router";
import type { ApiOperation } from "./operation";
import { OPERATIONS } from "./registry";

const routes = routesOf(OPERATIONS);
const match = (...path: string[]) => {
  const found = matchRoute(routes, path);
  return found && { template: found.route.template, params: found.params };
};

describe("matching a request path against the registry's templates", () => {
  it("gives each parameter exactly one segment, as Next decoded it, a `/` or `%` inside included", () => {
    expect(match("documents", "s-abc")).toEqual({ template: "/api/v1/documents/{short_code}", params: { short_code: "s-abc" } });
    expect(match("rooms", "r1", "links", "../..")).toEqual({
      template: "/api/v1/rooms/{id}/links/{code}",
      params: { id: "r1", code: "../.." },
    });
    expect(match("documents", "%00", "versions", "1", "file")).toEqual({
      template: "/api/v1/documents/{short_code}/versions/{number}/file",
      params: { short_code: "%00", number: "1" },
    });
  });

  it("matches no template with an empty parameter, a segment too many or too few, or another literal", () => {
    expect(match("documents", "")).toBeNull();
    expect(match("documents", "s-abc", "stats", "more")).toBeNull();
    expect(match("rooms", "r1", "folders", "f1", "x")).toBeNull();
    expect(match("documents", "s-abc", "statz")).toBeNull();
    expect(match("Documents")).toBeNull();
    expect(match()).toBeNull();
  });

  it("prefers a literal segment to a parameter, as Next prefers a static folder to a dynamic one", () => {
    const overlapping = routesOf(
      ["/api/v1/things/{id}", "/api/v1/things/latest"].map((path) => ({ method: "GET", path, can: "team.read" }) as ApiOperation),
    );
    expect(matchRoute(overlapping, ["things", "latest"])?.route.template).toBe("/api/v1/things/latest");
    expect(matchRoute(overlapping, ["things", "t1"])?.params).toEqual({ id: "t1" });
  });
});
