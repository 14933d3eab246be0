import { ANALYTICS_OPERATIONS } from "./analytics";
import { CONTACT_OPERATIONS } from "./contacts";
import { DOCUMENT_OPERATIONS } from "./documents";
import { LINK_OPERATIONS } from "./links";
import type { ApiOperation } from "./operation";
import { QUESTION_OPERATIONS } from "./questions";
import { ROOM_OPERATIONS } from "./rooms";
import { SEARCH_OPERATIONS } from "./search";
import { TEAM_OPERATIONS } from "./team";
import { VERSION_OPERATIONS } from "./versions";
import { WEBHOOK_OPERATIONS } from "./webhooks";

/** Every operation of /api/v1, in the OpenAPI document's order. */
export const OPERATIONS: readonly ApiOperation[] = [
  ...DOCUMENT_OPERATIONS,
  ...SEARCH_OPERATIONS,
  ...ANALYTICS_OPERATIONS,
  ...CONTACT_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...VERSION_OPERATIONS,
  ...LINK_OPERATIONS,
  ...ROOM_OPERATIONS,
  ...QUESTION_OPERATIONS,
  ...TEAM_OPERATIONS,
];

/**
 * The route files under app/api/v1, and why each is written by hand: the coverage test
 * (lib/contract/registry.test.ts) refuses any other, so an operation is never served by a file of its own.
 */
export const HAND_WRITTEN_ROUTES = {
  "/api/v1": "no operation: 404 in the envelope, pointing at the OpenAPI document",
  "/api/v1/{...path}": "every operation of the registry, dispatched by path (lib/contract/api-router.ts); any other path 404s",
  "/api/v1/openapi.json": "the document itself, public: it describes the operations, it is none of them",
} as const;
