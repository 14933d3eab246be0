import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { METHODS, NOT_ALLOWED } from "../http/route-fallbacks";
import { TOOLS } from "../mcp/tools";
import { matchRoute, routesOf } from "./api-router";
import { openApiDocument } from "./openapi-document";
import { HAND_WRITTEN_ROUTES, OPERATIONS } from "./registry";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api/v1");

/** Every route file under app/api/v1, by its path in the document's form (`/api/v1/documents/{short_code}`, `/api/v1/{...path}`). */
function routeFiles(): string[] {
  return readdirSync(API_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => {
      const segments = path.relative(API_DIR, entry.parentPath).split(path.sep).filter(Boolean);
      return `/api/v1/${segments.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`.replace(/\/$/, "");
    })
    .sort();
}

const routes = routesOf(OPERATIONS);
/** A request path for a template, as the catch-all is handed it: a value in each parameter's place. */
const segmentsOf = (template: string) =>
  template
    .replace("/api/v1/", "")
    .split("/")
    .map((s) => s.replace(/^\{.+\}$/, "a-value"));

/** Every (method, path) the catch-all serves: what it dispatches each registry path to, less the 405s. */
function servedOperations(): string[] {
  return routes
    .flatMap((route) => {
      const found = matchRoute(routes, segmentsOf(route.template));
      expect(found?.route.template, route.template).toBe(route.template);
      return METHODS.filter((method) => !(found!.route.handlers[method] as { [NOT_ALLOWED]?: boolean })[NOT_ALLOWED]).map(
        (method) => `${method} ${route.template}`,
      );
    })
    .sort();
}

const registered = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort();
const documented = Object.entries(openApiDocument().paths ?? {})
  .flatMap(([route, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${route}`))
  .sort();

describe("the registry of operations", () => {
  it("states each operation once, with a unique operationId", () => {
    expect(new Set(registered).size).toBe(registered.length);
    expect(new Set(OPERATIONS.map((operation) => operation.operationId)).size).toBe(OPERATIONS.length);
  });

  it("is what the catch-all route serves, method for method", () => {
    expect(servedOperations()).toEqual(registered);
  });

  it("has no route file of its own: every route file under app/api/v1 is listed as hand-written, and shadows no operation", () => {
    expect(routeFiles()).toEqual(Object.keys(HAND_WRITTEN_ROUTES).sort());
    for (const route of Object.keys(HAND_WRITTEN_ROUTES).filter((candidate) => !candidate.includes("{..."))) {
      expect(matchRoute(routes, route.split("/").slice(3)), route).toBeNull();
    }
  });

  it("is what the OpenAPI document publishes, and nothing else", () => {
    expect(documented).toEqual(registered);
  });

  it("gives every MCP tool, and only those, to the operations that name one", () => {
    const named = OPERATIONS.flatMap((operation) => (operation.mcp ? [operation.mcp.name] : []));
    expect(TOOLS.map((tool) => tool.name).sort()).toEqual(named.sort());
    for (const operation of OPERATIONS.filter((candidate) => candidate.mcp)) {
      expect(TOOLS.find((tool) => tool.name === operation.mcp!.name)?.action, operation.operationId).toBe(operation.can);
    }
  });
});
