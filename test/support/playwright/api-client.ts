import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../../../lib/generated/openapi/schema";
import { E2E_URL } from "../../../playwright.config";
import type { Exchange } from "../api-contract";
import type { Account } from "./accounts";

/** openapi-fetch's client typed by the OpenAPI document (lib/generated/openapi/schema.d.ts, from scripts/openapi-generate.ts). */
export type Api = Client<paths>;

/**
 * The API as an SDK user meets it: a client generated from the document the code publishes, so a
 * spec's paths, parameters and bodies are type-checked against it, and every answer goes through
 * `verify`, the same run-time contract check as `request`'s. With `account`, its key is sent.
 */
export function apiClient(verify: (exchange: Exchange) => void, account?: Account): Api {
  return createClient<paths>({
    baseUrl: E2E_URL,
    headers: account?.auth,
    fetch: async (request) => {
      const response = await fetch(request);
      verify({
        method: request.method,
        path: new URL(response.url).pathname,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: request.method === "HEAD" ? "" : await response.clone().text(),
      });
      return response;
    },
  });
}
