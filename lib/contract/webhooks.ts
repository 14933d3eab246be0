import { json } from "../http/respond";
import type { EventKind } from "../schemas/events";
import { webhookConfigurationSchema, webhookInputSchema, webhookSchema, webhookTestResultSchema } from "../schemas/webhooks";
import { deleteWebhook, getWebhookConfiguration, saveWebhook, sendTestEvent } from "../webhooks/manage-webhook";
import { eventExamples } from "./examples/events";
import { CREATED_AT, EVENT_ID, type In, type Out, READ_AT, WEBHOOK_ID } from "./examples/story";
import { defineOperation } from "./operation";

/** The team's one webhook: its configuration and deliveries, and a test event. */

const WEBHOOK_URL = "https://crm.acme.com/hooks/pagewise";
const WEBHOOK_EVENTS = ["document.viewed", "lead.captured"] as const satisfies readonly EventKind[];

const webhookInputExample = { url: WEBHOOK_URL, events: [...WEBHOOK_EVENTS] } satisfies In<typeof webhookInputSchema>;

const webhookUpdatedExample = {
  webhook_id: WEBHOOK_ID,
  url: WEBHOOK_URL,
  events: [...WEBHOOK_EVENTS],
  is_active: true,
} satisfies Out<typeof webhookSchema>;

const webhookCreatedExample = {
  ...webhookUpdatedExample,
  secret: "whsec_8Jx2Qm4Rt6Vy0Bn3Cd5Fg7Hk9Lp1Ns",
} satisfies Out<typeof webhookSchema>;

const webhookConfigurationExample = {
  webhook: {
    webhook_id: WEBHOOK_ID,
    url: WEBHOOK_URL,
    events: [...WEBHOOK_EVENTS],
    is_active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    consecutive_failures: 0,
    disabled_at: null,
    disabled_reason: null,
  },
  deliveries: [
    {
      delivery_id: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
      event_id: EVENT_ID,
      event: "lead.captured",
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      error: null,
      duration_ms: 84,
      created_at: READ_AT,
      last_attempt_at: READ_AT,
      next_attempt_at: null,
      payload: eventExamples["lead.captured"],
      response_body: '{"received":true}',
    },
  ],
} satisfies Out<typeof webhookConfigurationSchema>;

const webhookTestResultExample = {
  delivered: true,
  status_code: 200,
  duration_ms: 84,
  event_id: EVENT_ID,
  error: null,
} satisfies Out<typeof webhookTestResultSchema>;

export const getWebhook = defineOperation({
  method: "GET",
  path: "/api/v1/webhooks",
  operationId: "getWebhook",
  summary: "The account's webhook and its recent deliveries",
  tag: "Webhooks",
  can: "webhook.manage",
  response: {
    status: 200,
    description: "Configuration and the 50 most recent deliveries",
    schema: webhookConfigurationSchema,
    example: webhookConfigurationExample,
  },
  notFound: "Webhook",
  handle: ({ access }) => getWebhookConfiguration(access.teamId),
});

export const saveTeamWebhook = defineOperation({
  method: "POST",
  path: "/api/v1/webhooks",
  operationId: "saveWebhook",
  summary: "Create or replace the account's webhook",
  description:
    "The body is the whole configuration. Creation returns 201 with the signing `secret` (shown once); later calls return 200 and re-enable a disabled webhook. " +
    'Deliveries are signed: `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">`.',
  tag: "Webhooks",
  can: "webhook.manage",
  body: { schema: webhookInputSchema, example: webhookInputExample },
  response: { status: 201, description: "Created", schema: webhookSchema, example: webhookCreatedExample },
  also: [{ status: 200, description: "Updated (no secret)", schema: webhookSchema, example: webhookUpdatedExample }],
  errors: [400, 422],
  handle: async ({ access, body }) => saveWebhook(access, await body()),
  reply: ({ created, body }) => json(body, created ? 201 : 200),
});

export const deleteTeamWebhook = defineOperation({
  method: "DELETE",
  path: "/api/v1/webhooks",
  operationId: "deleteWebhook",
  summary: "Delete the account's webhook",
  description: "Pending deliveries are cancelled.",
  tag: "Webhooks",
  can: "webhook.manage",
  response: { status: 204, description: "Deleted" },
  notFound: "Webhook",
  handle: ({ access }) => deleteWebhook(access),
});

export const testWebhook = defineOperation({
  method: "POST",
  path: "/api/v1/webhooks/test",
  operationId: "testWebhook",
  summary: "Send a signed test event now",
  description: "One `webhook.test` event, one attempt with a 10 s timeout, recorded in the history and never counted towards auto-disable.",
  tag: "Webhooks",
  can: "webhook.manage",
  response: { status: 200, description: "What the receiver answered", schema: webhookTestResultSchema, example: webhookTestResultExample },
  notFound: "Webhook",
  handle: ({ access }) => sendTestEvent(access),
});

export const WEBHOOK_OPERATIONS = [getWebhook, saveTeamWebhook, deleteTeamWebhook, testWebhook];
