import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { errorResponse as httpError, rateLimitHeaders } from "../http/openapi";

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
import { RATE_LIMIT } from "../rate-limit";
import { TRASH_DAYS } from "../rules/trash";
import { z } from "../schemas/zod";
import {
  auditLogExample,
  documentExample,
  documentListExample,
  documentStatsExample,
  documentUpdateExample,
  errorExamples,
  eventExamples,
  leadListExample,
  linkCreateExample,
  linkExample,
  linkListExample,
  linkUpdateExample,
  memberUpdateExample,
  newOwnerExample,
  notFoundExample,
  overviewExample,
  pdfExample,
  roomCreateExample,
  roomDetailExample,
  roomDocumentAddExample,
  roomDocumentExample,
  roomDocumentMoveExample,
  roomExample,
  roomFolderCreateExample,
  roomFolderExample,
  roomFolderUpdateExample,
  roomLinkCreateExample,
  roomLinkExample,
  roomLinkListExample,
  roomLinkUpdateExample,
  roomListExample,
  roomStatsExample,
  roomUpdateExample,
  roomViewerListExample,
  teamExample,
  teamInvitationExample,
  teamInvitationInputExample,
  teamMemberExample,
  transferExample,
  uploadExample,
  versionChangeExample,
  versionListExample,
  versionUploadExample,
  viewerListExample,
  webhookConfigurationExample,
  webhookCreatedExample,
  webhookInputExample,
  webhookTestEventExample,
  webhookTestResultExample,
  webhookUpdatedExample,
} from "../http/openapi-examples";

const errorResponse = (status: number, example: unknown) =>
  httpError(status, (example as { error: { message: string } }).error.message.replace(/ not found$/, ""));
function errors(...statuses: number[]): RouteConfig["responses"] {
  return Object.assign({}, ...[401, 429, 500, ...statuses].map((status) => httpError(status)));
}
const notFound = (resource: string) => httpError(404, resource);
const ok = (description: string, schema: z.ZodType, example: unknown, status = 200) => ({
  [status]: { description, headers: rateLimitHeaders, content: { "application/json": { schema, example } } },
});
const documentPath = z.object({ short_code: shortCodeParam });
const operations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/webhooks",
    operationId: "getWebhook",
    summary: "The account's webhook and its recent deliveries",
    tags: ["Webhooks"],
    responses: {
      ...ok("Configuration and the 50 most recent deliveries", webhookConfigurationSchema, webhookConfigurationExample),
      ...errors(),
      ...notFound("Webhook"),
    },
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    operationId: "saveWebhook",
    summary: "Create or replace the account's webhook",
    description:
      "The body is the whole configuration. Creation returns 201 with the signing `secret` (shown once); later calls return 200 and re-enable a disabled webhook. " +
      'Deliveries are signed: `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">`.',
    tags: ["Webhooks"],
    request: { body: { content: { "application/json": { schema: webhookInputSchema, example: webhookInputExample } }, required: true } },
    responses: {
      ...ok("Created", webhookSchema, webhookCreatedExample, 201),
      ...ok("Updated (no secret)", webhookSchema, webhookUpdatedExample),
      ...errors(400, 422),
    },
  },
  {
    method: "delete",
    path: "/api/v1/webhooks",
    operationId: "deleteWebhook",
    summary: "Delete the account's webhook",
    description: "Pending deliveries are cancelled.",
    tags: ["Webhooks"],
    responses: { 204: { description: "Deleted", headers: rateLimitHeaders }, ...errors(), ...notFound("Webhook") },
  },
  {
    method: "post",
    path: "/api/v1/webhooks/test",
    operationId: "testWebhook",
    summary: "Send a signed test event now",
    description:
      "One `webhook.test` event, one attempt with a 10 s timeout, recorded in the history and never counted towards auto-disable.",
    tags: ["Webhooks"],
    responses: {
      ...ok("What the receiver answered", webhookTestResultSchema, webhookTestResultExample),
      ...errors(),
      ...notFound("Webhook"),
    },
  },
];

const linkPath = z.object({ code: linkCodeParam });

/** Links per recipient (issue 15): each with its own code, name, overrides and figures. */

const versionPath = z.object({ short_code: shortCodeParam, number: versionNumberParam });

/** A document's versions (issue 28; additive, not in docs/api-contract.md). */

const roomPath = z.object({ id: roomIdParam });
const folderPath = z.object({ id: roomIdParam, folder_id: folderIdParam });
const roomDocumentPath = z.object({ id: roomIdParam, short_code: shortCodeParam });
const roomLinkPath = z.object({ id: roomIdParam, code: roomLinkCodeParam });
const jsonBody = (schema: z.ZodType, example: unknown) => ({ content: { "application/json": { schema, example } }, required: true });

/** Data rooms (issue 29; additive, not in docs/api-contract.md): many documents in folders behind one gate and its links. */

const memberPath = z.object({ user_id: memberUserIdParam });

/** The key's team (issue 27): its members and their roles. A key acts with its maker's role now. */
const teamOperations: RouteConfig[] = [
  {
    method: "get",
    path: "/api/v1/team",
    operationId: "getTeam",
    summary: "The key's team and its members",
    tags: ["Team"],
    responses: { ...ok("The team; the owner first, then admins, then members", teamSchema, teamExample), ...errors() },
  },
  {
    method: "post",
    path: "/api/v1/team/invitations",
    operationId: "inviteTeamMember",
    summary: "Invite someone by email, as admin or member",
    description:
      "Admins and the owner. The `url` is shown once: an existing user opens it signed in to join; a new one signs up through it.",
    tags: ["Team"],
    request: {
      body: { content: { "application/json": { schema: teamInvitationInputSchema, example: teamInvitationInputExample } }, required: true },
    },
    responses: { ...ok("The invitation, with its link", teamInvitationSchema, teamInvitationExample, 201), ...errors(400, 403, 422) },
  },
  {
    method: "patch",
    path: "/api/v1/team/members/{user_id}",
    operationId: "updateTeamMember",
    summary: "Change a member's role",
    description:
      "Admins and the owner; `owner` is not a role to give (see /api/v1/team/transfer), and the owner's role cannot be changed here.",
    tags: ["Team"],
    request: {
      params: memberPath,
      body: { content: { "application/json": { schema: updateMemberSchema, example: memberUpdateExample } }, required: true },
    },
    responses: { ...ok("The member", teamMemberSchema, teamMemberExample), ...errors(400, 403, 422), ...notFound("Member") },
  },
  {
    method: "delete",
    path: "/api/v1/team/members/{user_id}",
    operationId: "removeTeamMember",
    summary: "Remove a member (or leave, with your own user_id)",
    description: "The API keys the member made in this team are revoked at once. The owner cannot be removed.",
    tags: ["Team"],
    request: { params: memberPath },
    responses: { 204: { description: "Removed", headers: rateLimitHeaders }, ...errors(403, 422), ...notFound("Member") },
  },
  {
    method: "post",
    path: "/api/v1/team/transfer",
    operationId: "transferTeamOwnership",
    summary: "Transfer ownership to another member",
    description: "The owner only; the previous owner stays on as an admin.",
    tags: ["Team"],
    request: { body: { content: { "application/json": { schema: transferOwnershipSchema, example: transferExample } }, required: true } },
    responses: { ...ok("The new owner", teamMemberSchema, newOwnerExample), ...errors(400, 403, 422), ...notFound("Member") },
  },
  {
    method: "get",
    path: "/api/v1/audit-log",
    operationId: "listAuditLog",
    summary: "Who changed what in the team, newest first",
    description:
      "Admins and the owner. Every change to the team's documents, links, API keys, webhook, members, invitations and settings, by the member (and the key, through the API) and the address it came from.",
    tags: ["Team"],
    request: { query: auditLogQuery },
    responses: { ...ok("The entries and their pagination", auditLogSchema, auditLogExample), ...errors(400, 403) },
  },
];

/**
 * A change may always be refused with 403: a read-only key may take none (lib/teams/permissions.ts).
 * So may reading the webhook, which takes an admin.
 */
const refusable = (operation: RouteConfig): RouteConfig =>
  (operation.method === "get" && operation.path !== "/api/v1/webhooks") || operation.responses[403]
    ? operation
    : { ...operation, responses: { ...operation.responses, ...httpError(403) } };

export const LEGACY_ROUTES: RouteConfig[] = [...operations, ...teamOperations].map(refusable);
