import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { config } from "../config";
import {
  documentStatsSchema,
  leadListSchema,
  leadsQuery,
  overviewQuery,
  overviewSchema,
  statsQuery,
  viewerListSchema,
  viewersQuery,
} from "../schemas/analytics";
import { auditLogQuery, auditLogSchema } from "../schemas/audit";
import { errorSchema, shortCodeParam } from "../schemas/common";
import { EVENT_KINDS, eventEnvelopeSchema, webhookTestEventSchema } from "../schemas/events";
import { documentListSchema, documentSchema, listDocumentsQuery, updateDocumentSchema, uploadBodySchema } from "../schemas/documents";
import { webhookConfigurationSchema, webhookInputSchema, webhookSchema, webhookTestResultSchema } from "../schemas/webhooks";
import { documentVersionListSchema, versionChangeSchema, versionNumberParam, versionUploadBodySchema } from "../schemas/versions";
import {
  addRoomDocumentSchema,
  createFolderSchema,
  createRoomLinkSchema,
  createRoomSchema,
  folderIdParam,
  listRoomLinksQuery,
  listRoomsQuery,
  MAX_FOLDER_DEPTH,
  MAX_ROOM_DOCUMENTS,
  MAX_ROOM_FOLDERS,
  moveRoomDocumentSchema,
  roomDetailSchema,
  roomDocumentSchema,
  roomFolderSchema,
  roomIdParam,
  roomLinkCodeParam,
  roomLinkListSchema,
  roomLinkSchema,
  roomListSchema,
  roomSchema,
  roomStatsQuery,
  roomStatsSchema,
  roomViewerListSchema,
  roomViewersQuery,
  updateFolderSchema,
  updateRoomLinkSchema,
  updateRoomSchema,
} from "../schemas/rooms";
import { createLinkSchema, linkCodeParam, linkListSchema, linkSchema, listLinksQuery, updateLinkSchema } from "../schemas/links";
import {
  memberUserIdParam,
  teamInvitationInputSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  transferOwnershipSchema,
  updateMemberSchema,
} from "../schemas/teams";
import { z } from "../schemas/zod";

/**
 * The OpenAPI 3.1 document, built from the same zod schemas that validate requests. Registered
 * operations are also what the route-coverage test compares the app's routes against.
 */

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "bad_request: invalid parameters or file type",
  401: "unauthorized: missing or invalid API key",
  403: "forbidden: the role of the key's maker in its team does not allow this",
  404: "not_found: no such resource in this account",
  405: "bad_request: method not allowed (see the Allow header)",
  413: "payload_too_large: the upload exceeds MAX_UPLOAD_MB",
  422: "validation_error: an invalid field value",
  429: "rate_limited: more than 100 requests this minute (see Retry-After)",
  500: "internal_error: server error",
};

const rateLimitHeaders = z.object({
  "X-RateLimit-Limit": z.string().openapi({ description: "Requests allowed per window (100)" }),
  "X-RateLimit-Remaining": z.string().openapi({ description: "Requests left in the current window" }),
  "X-RateLimit-Reset": z.string().openapi({ description: "Unix time at which the window resets" }),
});

function errors(...statuses: number[]): RouteConfig["responses"] {
  return Object.fromEntries(
    [401, 429, 500, ...statuses].map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status]!, headers: rateLimitHeaders, content: { "application/json": { schema: errorSchema } } },
    ]),
  );
}

const ok = (description: string, schema: z.ZodType, status = 200) => ({
  [status]: { description, headers: rateLimitHeaders, content: { "application/json": { schema } } },
});

const documentPath = z.object({ short_code: shortCodeParam });

export const registry = new OpenAPIRegistry();
const bearer = registry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description: "An API key from Settings → API keys: `Authorization: Bearer pw_live_…`",
});

const operations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/documents",
    summary: "List documents",
    tags: ["Documents"],
    request: { query: listDocumentsQuery },
    responses: { ...ok("The account's documents", documentListSchema), ...errors(400) },
  },
  {
    method: "post",
    path: "/api/v1/documents",
    summary: "Upload a PDF",
    description: "Uploads a PDF and its settings in one multipart request. Emits `document.uploaded`.",
    tags: ["Documents"],
    request: { body: { content: { "multipart/form-data": { schema: uploadBodySchema } }, required: true } },
    responses: { ...ok("The new document", documentSchema, 201), ...errors(400, 413, 422) },
  },
  {
    method: "get",
    path: "/api/v1/documents/{short_code}",
    summary: "Get a document",
    tags: ["Documents"],
    request: { params: documentPath },
    responses: { ...ok("The document", documentSchema), ...errors(404) },
  },
  {
    method: "patch",
    path: "/api/v1/documents/{short_code}",
    summary: "Update a document's title or settings",
    description: "Only the fields included change. `password`: a string sets it, null clears it. Unknown fields are refused.",
    tags: ["Documents"],
    request: { params: documentPath, body: { content: { "application/json": { schema: updateDocumentSchema } } } },
    responses: { ...ok("The updated document", documentSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/documents/{short_code}",
    summary: "Delete a document",
    description: "Soft delete: the link stops working and the document leaves lists and analytics.",
    tags: ["Documents"],
    request: { params: documentPath },
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/stats",
    summary: "Document statistics",
    tags: ["Analytics"],
    request: { params: documentPath, query: statsQuery },
    responses: { ...ok("Statistics, one page_analytics row per page", documentStatsSchema), ...errors(400, 404) },
  },
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/viewers",
    summary: "A document's viewers, most engaged first",
    tags: ["Analytics"],
    request: { params: documentPath, query: viewersQuery },
    responses: { ...ok("Viewers", viewerListSchema), ...errors(400, 404) },
  },
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/leads",
    summary: "Leads captured through the email gate, newest first",
    tags: ["Analytics"],
    request: { params: documentPath, query: leadsQuery },
    responses: { ...ok("Leads", leadListSchema), ...errors(400, 404) },
  },
  {
    method: "get",
    path: "/api/v1/analytics/overview",
    summary: "Portfolio analytics",
    tags: ["Analytics"],
    request: { query: overviewQuery },
    responses: { ...ok("Totals, top documents and engagement breakdown", overviewSchema), ...errors(400) },
  },
  {
    method: "get",
    path: "/api/v1/webhooks",
    summary: "The account's webhook and its recent deliveries",
    tags: ["Webhooks"],
    responses: { ...ok("Configuration and the 50 most recent deliveries", webhookConfigurationSchema), ...errors(404) },
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    summary: "Create or replace the account's webhook",
    description:
      "The body is the whole configuration. Creation returns 201 with the signing `secret` (shown once); later calls return 200 and re-enable a disabled webhook. " +
      'Deliveries are signed: `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">`.',
    tags: ["Webhooks"],
    request: { body: { content: { "application/json": { schema: webhookInputSchema } }, required: true } },
    responses: { ...ok("Created", webhookSchema, 201), ...ok("Updated (no secret)", webhookSchema), ...errors(400, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/webhooks",
    summary: "Delete the account's webhook",
    description: "Pending deliveries are cancelled.",
    tags: ["Webhooks"],
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "post",
    path: "/api/v1/webhooks/test",
    summary: "Send a signed test event now",
    description:
      "One `webhook.test` event, one attempt with a 10 s timeout, recorded in the history and never counted towards auto-disable.",
    tags: ["Webhooks"],
    responses: { ...ok("What the receiver answered", webhookTestResultSchema), ...errors(404) },
  },
];

const linkPath = z.object({ code: linkCodeParam });

/** Links per recipient (issue 15): each with its own code, name, overrides and figures. */
const linkOperations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/links",
    summary: "A document's links, newest first",
    description: "Deleted links are left out; the document's own short code is not a link.",
    tags: ["Links"],
    request: { params: documentPath, query: listLinksQuery },
    responses: { ...ok("Links with their figures", linkListSchema), ...errors(400, 404) },
  },
  {
    method: "post",
    path: "/api/v1/documents/{short_code}/links",
    summary: "Create a link for one recipient",
    description: "The link gets its own code (`/s/<code>`). Settings left out follow the document; unknown fields are refused.",
    tags: ["Links"],
    request: { params: documentPath, body: { content: { "application/json": { schema: createLinkSchema } }, required: true } },
    responses: { ...ok("The new link", linkSchema, 201), ...errors(400, 404, 422) },
  },
  {
    method: "get",
    path: "/api/v1/links/{code}",
    summary: "Get a link",
    tags: ["Links"],
    request: { params: linkPath },
    responses: { ...ok("The link", linkSchema), ...errors(404) },
  },
  {
    method: "patch",
    path: "/api/v1/links/{code}",
    summary: "Rename, disable or change a link's settings",
    description:
      "Only the fields included change. `settings` merges into the link's overrides (null for `expires_at`, `watermark`, `agreement` or `password` means none on this link); " +
      "`inherit` lists settings that follow the document again. Unknown fields are refused.",
    tags: ["Links"],
    request: { params: linkPath, body: { content: { "application/json": { schema: updateLinkSchema } } } },
    responses: { ...ok("The updated link", linkSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/links/{code}",
    summary: "Delete a link",
    description: "Soft delete: readers of the code get 410; its visits, leads and downloads keep counting for the document.",
    tags: ["Links"],
    request: { params: linkPath },
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
];

const versionPath = z.object({ short_code: shortCodeParam, number: versionNumberParam });

/** A document's versions (issue 28; additive, not in SPEC.md). */
const versionOperations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/versions",
    summary: "A document's versions",
    description: "Every file the document has had, newest first; `is_current` marks the one readers get.",
    tags: ["Versions"],
    request: { params: documentPath },
    responses: { ...ok("The versions", documentVersionListSchema), ...errors(404) },
  },
  {
    method: "post",
    path: "/api/v1/documents/{short_code}/versions",
    summary: "Upload a new version",
    description:
      "Replaces the document's file for every link at once; codes, settings and analytics stay. The file is inspected like an upload; a refused file changes nothing. A gate_page past the new page count moves to its last page (reported in `gate_page_clamped`). Emits `document.updated`.",
    tags: ["Versions"],
    request: { params: documentPath, body: { content: { "multipart/form-data": { schema: versionUploadBodySchema } }, required: true } },
    responses: { ...ok("The document with its new version", versionChangeSchema, 201), ...errors(400, 404, 413, 422) },
  },
  {
    method: "post",
    path: "/api/v1/documents/{short_code}/versions/{number}/restore",
    summary: "Make an earlier version current again",
    description: "As a new upload of that file would, keeping its number. Emits `document.updated`.",
    tags: ["Versions"],
    request: { params: versionPath },
    responses: { ...ok("The document with the restored version current", versionChangeSchema), ...errors(400, 404) },
  },
  {
    method: "get",
    path: "/api/v1/documents/{short_code}/versions/{number}/file",
    summary: "Download one version's PDF",
    description: "For the team's members and keys; readers only ever get the current version through the share link.",
    tags: ["Versions"],
    request: { params: versionPath },
    responses: {
      200: {
        description: "The PDF",
        headers: rateLimitHeaders,
        content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errors(404),
    },
  },
];

const roomPath = z.object({ id: roomIdParam });
const folderPath = z.object({ id: roomIdParam, folder_id: folderIdParam });
const roomDocumentPath = z.object({ id: roomIdParam, short_code: shortCodeParam });
const roomLinkPath = z.object({ id: roomIdParam, code: roomLinkCodeParam });
const jsonBody = (schema: z.ZodType) => ({ content: { "application/json": { schema } }, required: true });

/** Data rooms (issue 29; additive, not in SPEC.md): many documents in folders behind one gate and its links. */
const roomOperations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/rooms",
    summary: "The team's rooms, newest first",
    tags: ["Rooms"],
    request: { query: listRoomsQuery },
    responses: { ...ok("Rooms", roomListSchema), ...errors(400) },
  },
  {
    method: "post",
    path: "/api/v1/rooms",
    summary: "Create a room",
    description:
      "An empty room with its own code (`/s/<code>`, its default link). Settings left out take the defaults: the email gate before the first document, downloads allowed. Unknown fields are refused.",
    tags: ["Rooms"],
    request: { body: jsonBody(createRoomSchema) },
    responses: { ...ok("The new room", roomSchema, 201), ...errors(400, 422) },
  },
  {
    method: "get",
    path: "/api/v1/rooms/{id}",
    summary: "Get a room with its folders and documents",
    tags: ["Rooms"],
    request: { params: roomPath },
    responses: { ...ok("The room, its folders and its documents in order", roomDetailSchema), ...errors(404) },
  },
  {
    method: "patch",
    path: "/api/v1/rooms/{id}",
    summary: "Rename a room or change its description or settings",
    description:
      "Only the fields included change; `settings` merges into the room's (`password`: a string sets it, null clears it). The room's links follow the settings they do not override. Unknown fields are refused.",
    tags: ["Rooms"],
    request: { params: roomPath, body: jsonBody(updateRoomSchema) },
    responses: { ...ok("The updated room", roomSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/rooms/{id}",
    summary: "Delete a room",
    description: "Soft delete: the room's code and links stop opening it; its documents stay the team's.",
    tags: ["Rooms"],
    request: { params: roomPath },
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "post",
    path: "/api/v1/rooms/{id}/documents",
    summary: "Put one of the team's documents in the room",
    description:
      `Last in its folder (or the top level); a room holds at most ${MAX_ROOM_DOCUMENTS}. A document may sit in several rooms. ` +
      "Adding a document the room already holds changes nothing and answers 200 with where it is.",
    tags: ["Rooms"],
    request: { params: roomPath, body: jsonBody(addRoomDocumentSchema) },
    responses: { ...ok("Added", roomDocumentSchema, 201), ...ok("Already in the room", roomDocumentSchema), ...errors(400, 404, 422) },
  },
  {
    method: "patch",
    path: "/api/v1/rooms/{id}/documents/{short_code}",
    summary: "Move a document to another folder or place",
    description: "Moved into another folder without a `position`, it goes last there.",
    tags: ["Rooms"],
    request: { params: roomDocumentPath, body: jsonBody(moveRoomDocumentSchema) },
    responses: { ...ok("The document where it is now", roomDocumentSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/rooms/{id}/documents/{short_code}",
    summary: "Take a document out of the room",
    description: "The document itself stays, as do the other rooms it sits in.",
    tags: ["Rooms"],
    request: { params: roomDocumentPath },
    responses: { 204: { description: "Removed", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "post",
    path: "/api/v1/rooms/{id}/folders",
    summary: "Create a folder",
    description: `Last among its parent's folders. Folders nest at most ${MAX_FOLDER_DEPTH} deep; a room holds at most ${MAX_ROOM_FOLDERS}.`,
    tags: ["Rooms"],
    request: { params: roomPath, body: jsonBody(createFolderSchema) },
    responses: { ...ok("The new folder", roomFolderSchema, 201), ...errors(400, 404, 422) },
  },
  {
    method: "patch",
    path: "/api/v1/rooms/{id}/folders/{folder_id}",
    summary: "Rename, move or reorder a folder",
    description:
      "Moved with everything in it; never into itself or one of its subfolders (422). Moved without a `position`, it goes last among its new siblings.",
    tags: ["Rooms"],
    request: { params: folderPath, body: jsonBody(updateFolderSchema) },
    responses: { ...ok("The folder where it is now", roomFolderSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/rooms/{id}/folders/{folder_id}",
    summary: "Delete a folder, keeping what it holds",
    description: "Its subfolders take its place among its siblings; its documents follow those of its parent.",
    tags: ["Rooms"],
    request: { params: folderPath },
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "get",
    path: "/api/v1/rooms/{id}/links",
    summary: "A room's links, newest first",
    description: "Deleted links are left out; the room's own code is not a link.",
    tags: ["Rooms"],
    request: { params: roomPath, query: listRoomLinksQuery },
    responses: { ...ok("Links", roomLinkListSchema), ...errors(400, 404) },
  },
  {
    method: "post",
    path: "/api/v1/rooms/{id}/links",
    summary: "Create a room link for one recipient",
    description: "The link gets its own code (`/s/<code>`). Settings left out follow the room; unknown fields are refused.",
    tags: ["Rooms"],
    request: { params: roomPath, body: jsonBody(createRoomLinkSchema) },
    responses: { ...ok("The new link", roomLinkSchema, 201), ...errors(400, 404, 422) },
  },
  {
    method: "patch",
    path: "/api/v1/rooms/{id}/links/{code}",
    summary: "Rename, disable or enable a room link, or change what it overrides",
    description:
      "Only the fields included change. `settings` merges into the link's overrides (`password`: a string sets one, null means none on this link); `inherit` lists settings that follow the room again. A key in both is refused. Unknown fields are refused.",
    tags: ["Rooms"],
    request: { params: roomLinkPath, body: jsonBody(updateRoomLinkSchema) },
    responses: { ...ok("The updated link", roomLinkSchema), ...errors(400, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/rooms/{id}/links/{code}",
    summary: "Delete a room link",
    description: "Soft delete: its code stops opening the room; the room and its other links are untouched.",
    tags: ["Rooms"],
    request: { params: roomLinkPath },
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(404) },
  },
  {
    method: "get",
    path: "/api/v1/rooms/{id}/stats",
    summary: "What was read in a room",
    description:
      "Reads in the room only (with `since`/`until`: visits started in the window), of the documents it holds now: totals, each document in the room's order, and each code readers came through (the room's own and its links). " +
      "A room's viewer is one person across its documents: an email once given, else a browser. The documents' own stats count these reads too.",
    tags: ["Rooms"],
    request: { params: roomPath, query: roomStatsQuery },
    responses: { ...ok("The room's figures", roomStatsSchema), ...errors(400, 404) },
  },
  {
    method: "get",
    path: "/api/v1/rooms/{id}/viewers",
    summary: "A room's viewers, most recently active first",
    description:
      "One per person across the room's documents (an email once given, else a browser), with the documents they opened in the room, their time and completion there, and the codes they came through.",
    tags: ["Rooms"],
    request: { params: roomPath, query: roomViewersQuery },
    responses: { ...ok("Viewers", roomViewerListSchema), ...errors(400, 404) },
  },
];

const memberPath = z.object({ user_id: memberUserIdParam });

/** The key's team (issue 27): its members and their roles. A key acts with its maker's role now. */
const teamOperations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/team",
    summary: "The key's team and its members",
    tags: ["Team"],
    responses: { ...ok("The team; the owner first, then admins, then members", teamSchema), ...errors() },
  },
  {
    method: "post",
    path: "/api/v1/team/invitations",
    summary: "Invite someone by email, as admin or member",
    description:
      "Admins and the owner. The `url` is shown once: an existing user opens it signed in to join; a new one signs up through it.",
    tags: ["Team"],
    request: { body: { content: { "application/json": { schema: teamInvitationInputSchema } }, required: true } },
    responses: { ...ok("The invitation, with its link", teamInvitationSchema, 201), ...errors(400, 403, 422) },
  },
  {
    method: "patch",
    path: "/api/v1/team/members/{user_id}",
    summary: "Change a member's role",
    description:
      "Admins and the owner; `owner` is not a role to give (see /api/v1/team/transfer), and the owner's role cannot be changed here.",
    tags: ["Team"],
    request: { params: memberPath, body: { content: { "application/json": { schema: updateMemberSchema } }, required: true } },
    responses: { ...ok("The member", teamMemberSchema), ...errors(400, 403, 404, 422) },
  },
  {
    method: "delete",
    path: "/api/v1/team/members/{user_id}",
    summary: "Remove a member (or leave, with your own user_id)",
    description: "The API keys the member made in this team are revoked at once. The owner cannot be removed.",
    tags: ["Team"],
    request: { params: memberPath },
    responses: { 204: { description: "Removed", headers: rateLimitHeaders }, ...errors(403, 404, 422) },
  },
  {
    method: "post",
    path: "/api/v1/team/transfer",
    summary: "Transfer ownership to another member",
    description: "The owner only; the previous owner stays on as an admin.",
    tags: ["Team"],
    request: { body: { content: { "application/json": { schema: transferOwnershipSchema } }, required: true } },
    responses: { ...ok("The new owner", teamMemberSchema), ...errors(400, 403, 404, 422) },
  },
  {
    method: "get",
    path: "/api/v1/audit-log",
    summary: "Who changed what in the team, newest first",
    description:
      "Admins and the owner. Every change to the team's documents, links, API keys, webhook, members, invitations and settings, by the member (and the key, through the API) and the address it came from.",
    tags: ["Team"],
    request: { query: auditLogQuery },
    responses: { ...ok("The entries and their pagination", auditLogSchema), ...errors(400, 403) },
  },
];

for (const operation of [...operations, ...versionOperations, ...linkOperations, ...roomOperations, ...teamOperations])
  registry.registerPath({ security: [{ [bearer.name]: [] }], ...operation });

const EVENT_SUMMARIES: Record<(typeof EVENT_KINDS)[number] | "webhook.test", string> = {
  "document.viewed": "A visit started (at most once per viewer per 30 minutes)",
  "document.completed": "A viewer has seen every page (once per viewer)",
  "lead.captured": "Someone entered an email at the gate (once per document and email)",
  "viewer.revisited": "A viewer came back 24 hours or more after their previous visit",
  "engagement.milestone": "A viewer reached High Interest (once per viewer)",
  "document.uploaded": "A document was uploaded",
  "document.downloaded": "Someone downloaded a document",
  "document.updated": "A document's current version changed: a new file, or an earlier version restored (additive, not in SPEC.md)",
  "webhook.test": "The test event of POST /api/v1/webhooks/test",
};

const signatureHeader = z.object({
  "X-Service-Signature": z.string().openapi({
    description: 'Signed at send time: `t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody" with the webhook secret>`',
    example: "t=1763906700,v1=5f0c…",
  }),
});

const delivery = (kind: keyof typeof EVENT_SUMMARIES, schema: z.ZodType): RouteConfig => ({
  method: "post",
  path: kind,
  summary: EVENT_SUMMARIES[kind],
  tags: ["Events"],
  request: { headers: signatureHeader, body: { content: { "application/json": { schema } }, required: true } },
  responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else, or no answer in 10 s, is retried" } },
});

const eventSchemaName = (kind: string) =>
  `${kind
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")}Event`;
for (const kind of EVENT_KINDS) registry.registerWebhook(delivery(kind, eventEnvelopeSchema(kind).openapi(eventSchemaName(kind))));
registry.registerWebhook(delivery("webhook.test", webhookTestEventSchema.openapi(eventSchemaName("webhook.test"))));

export function openApiDocument() {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Pagewise API",
      version: "1.0.0",
      description:
        "Share PDFs behind a link and read who engaged with them. Authenticate with `Authorization: Bearer <API_KEY>`. " +
        "Every response carries X-RateLimit-* headers (100 requests per minute per key). " +
        'Errors are `{ "error": { "code", "message" } }`.',
    },
    servers: [{ url: config().APP_URL }],
  });
}
