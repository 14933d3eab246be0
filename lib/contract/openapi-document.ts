import { config } from "../config";
import { openApiDocumentOf } from "../http/openapi";
import { EVENT_DELIVERIES } from "./events";
import { routeConfigOf } from "./openapi-operation";
import type { Tag } from "./operation";
import { OPERATIONS } from "./registry";

/** Top-level tags, in the order a reader meets them; every operation carries one. */
const TAGS: readonly { name: Tag | "Events"; description: string }[] = [
  { name: "Documents", description: "Upload PDFs, read and change their settings, delete them." },
  { name: "Search", description: "Find the pages that mention a term, across the team's documents." },
  { name: "Links", description: "One link per recipient, each with its own code, overrides and figures." },
  { name: "Versions", description: "Replace a document's file for every link at once, and go back to an earlier one." },
  { name: "Analytics", description: "Per-document statistics, viewers and leads, and the portfolio overview." },
  { name: "Rooms", description: "Data rooms: many documents in folders behind one gate, with their own links and figures." },
  { name: "Questions", description: "Readers' questions about documents and rooms, and the team's answers: the inbox." },
  { name: "Webhooks", description: "The team's one webhook: configure it, see its deliveries, send a test event." },
  { name: "Team", description: "The key's team: its members and roles, invitations, ownership and the audit log." },
  { name: "Events", description: "What a webhook receives: one signed POST per event (see `webhooks`)." },
];

/**
 * The OpenAPI 3.1 document, built from the registry's operations and the same zod schemas that
 * validate requests. `baseUrl`: the server's default address; this deployment's APP_URL unless
 * given (generation at install time reads no configuration).
 */
export function openApiDocument(baseUrl: string = config().APP_URL) {
  return openApiDocumentOf({ operations: OPERATIONS.map(routeConfigOf), webhooks: EVENT_DELIVERIES, tags: TAGS }, baseUrl);
}
