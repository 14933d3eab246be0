import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, type APIResponse, test as base } from "@playwright/test";
import { openApiDocument } from "../../../lib/contract/openapi-document";
import { contractChecker, type Exchange } from "../api-contract";
import type { Account } from "./accounts";
import { type Api, apiClient } from "./api-client";

export { expect } from "@playwright/test";

const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "fetch"]);

type Verb = (urlOrRequest: string | { method(): string }, options?: { method?: string }) => Promise<APIResponse>;

/** The worker's contract check, counting what it checked per operation and status. */
export type Contract = { verify: (exchange: Exchange) => void };

/**
 * `request` as the specs use it, with every /api/v1 response held to the OpenAPI document
 * (test/support/api-contract.ts): a response the document does not allow fails the test that
 * received it. What was checked is counted per operation in test-results/api-contract-<worker>.json.
 */
function checkedRequests(request: APIRequestContext, contract: Contract) {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !VERBS.has(property)) return typeof value === "function" ? value.bind(target) : value;
      const send = (value as Verb).bind(target);
      return async (...args: Parameters<Verb>) => {
        const response = await send(...args);
        const [urlOrRequest, options] = args;
        const method = (
          property === "fetch" ? (options?.method ?? (typeof urlOrRequest === "string" ? "GET" : urlOrRequest.method())) : property
        ).toUpperCase();
        const { pathname } = new URL(response.url());
        if (!pathname.startsWith("/api/v1")) return response;
        contract.verify({
          method,
          path: pathname,
          status: response.status(),
          headers: response.headers(),
          body: method === "HEAD" ? "" : (await response.body()).toString("utf8"),
        });
        return response;
      };
    },
  });
}

export const test = base.extend<{ api: (account?: Account) => Api }, { contract: Contract }>({
  contract: [
    async ({}, provide, workerInfo) => {
      const check = contractChecker(openApiDocument());
      const counts = new Map<string, number>();
      await provide({
        verify: (exchange) => {
          const checked = check(exchange);
          if (checked) counts.set(checked.operation, (counts.get(checked.operation) ?? 0) + 1);
        },
      });
      mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const file = path.join(workerInfo.project.outputDir, `api-contract-${workerInfo.workerIndex}.json`);
      writeFileSync(file, JSON.stringify(Object.fromEntries([...counts].sort()), null, 2));
    },
    { scope: "worker" },
  ],
  request: async ({ request, contract }, provide) => {
    await provide(checkedRequests(request, contract));
  },
  // The generated client (api-client.ts), as `account` or without a key; its answers are checked the same way.
  api: async ({ contract }, provide) => {
    await provide((account) => apiClient(contract.verify, account));
  },
});
