import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { METHODS, NOT_ALLOWED } from "../http/route-fallbacks";
import { TOOLS } from "../mcp/tools";
import { openApiDocument } from "./openapi-document";
import { HAND_WRITTEN_ROUTES, OPERATIONS } from "./registry";

const API_DIR = path.resolve(import.meta.dirname, "../../app/api/v1");

/** Every route file under app/api/v1, by its path in the document's form (`/api/v1/documents/{short_code}`). */
function routeFiles(): { route: string; file: string }[] {
  return readdirSync(API_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => {
      const segments = path.relative(API_DIR, entry.parentPath).split(path.sep).filter(Boolean);
      const route = `/api/v1/${segments.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`.replace(/\/$/, "");
      return { route, file: path.join(entry.parentPath, entry.name) };
    });
}

/** Every (method, path) the route files serve: the exports that are not the 405s. */
async function servedOperations(): Promise<string[]> {
  const served: string[] = [];
  for (const { route, file } of routeFiles()) {
    if (route in HAND_WRITTEN_ROUTES) continue;
    const routeModule = (await import(file)) as Record<string, { [NOT_ALLOWED]?: boolean } | undefined>;
    for (const method of METHODS) if (routeModule[method] && !routeModule[method][NOT_ALLOWED]) served.push(`${method} ${route}`);
  }
  return served.sort();
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

  it("is what the route files serve, method for method, and every route file is either its or listed as hand-written", async () => {
    expect(await servedOperations()).toEqual(registered);
    const routes = routeFiles().map(({ route }) => route);
    expect(routes).toEqual(expect.arrayContaining(Object.keys(HAND_WRITTEN_ROUTES)));
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
