import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type APIResponse, test as base } from "@playwright/test";
import { openApiDocument } from "../../../lib/http/openapi";
import { contractChecker } from "../api-contract";

export { expect } from "@playwright/test";

const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);

type Verb = (urlOrRequest: string | { method(): string }, options?: { method?: string }) => Promise<APIResponse>;

/**
 * `request` as the specs use it, with every /api/v1 response held to the OpenAPI document
 * (test/support/api-contract.ts): a response the document does not allow fails the test that
 * received it. What was checked is counted per operation in test-results/api-contract-<worker>.json.
 */
function checkedRequests(request: APIRequestContext, check: ReturnType<typeof contractChecker>, count: (operation: string) => void) {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !VERBS.has(property)) return typeof value === "function" ? value.bind(target) : value;
      const send = (value as Verb).bind(target);
      return async (...args: Parameters<Verb>) => {
        const response = await send(...args);
        const [urlOrRequest, options] = args;
        const method =
          property === "fetch" ? (options?.method ?? (typeof urlOrRequest === "string" ? "GET" : urlOrRequest.method())) : property;
        const { pathname } = new URL(response.url());
        if (!pathname.startsWith("/api/v1")) return response;
        const checked = check({
          method: method.toUpperCase(),
          path: pathname,
          status: response.status(),
          headers: response.headers(),
          body: method.toUpperCase() === "HEAD" ? "" : (await response.body()).toString("utf8"),
        });
        if (checked) count(checked.operation);
        return response;
      };
    },
  });
}

type Contract = { check: ReturnType<typeof contractChecker>; counts: Map<string, number> };

export const test = base.extend<object, { contract: Contract }>({
  contract: [
    async ({}, provide, workerInfo) => {
      const counts = new Map<string, number>();
      await provide({ check: contractChecker(openApiDocument()), counts });
      mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const file = path.join(workerInfo.project.outputDir, `api-contract-${workerInfo.workerIndex}.json`);
      writeFileSync(file, JSON.stringify(Object.fromEntries([...counts].sort()), null, 2));
    },
    { scope: "worker" },
  ],
  request: async ({ request, contract }, provide) => {
    await provide(
      checkedRequests(request, contract.check, (operation) => contract.counts.set(operation, (contract.counts.get(operation) ?? 0) + 1)),
    );
  },
});
