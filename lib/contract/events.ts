import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { EVENT_KINDS, eventEnvelopeSchema, webhookTestEventSchema } from "../schemas/events";
import { z } from "../schemas/zod";
import { eventExamples, webhookTestEventExample } from "./examples/events";

const EVENT_SUMMARIES: Record<(typeof EVENT_KINDS)[number] | "webhook.test", string> = {
  "document.viewed": "A visit started (at most once per viewer per 30 minutes)",
  "document.completed": "A viewer has seen every page (once per viewer)",
  "lead.captured": "Someone entered an email at the gate (once per document and email)",
  "viewer.revisited": "A viewer came back 24 hours or more after their previous visit",
  "engagement.milestone": "A viewer reached High Interest (once per viewer)",
  "document.uploaded": "A document was uploaded",
  "document.downloaded": "Someone downloaded a document",
  "document.updated":
    "A document's current version changed: a new file, or an earlier version restored (additive, not in docs/api-contract.md)",
  "question.asked": "A reader asked a question about a document, a page or a room (additive, sent only to webhooks that list it)",
  "question.answered": "A member answered a reader's question (additive, sent only to webhooks that list it)",
  "webhook.test": "The test event of POST /api/v1/webhooks/test",
};

const signatureHeader = z.object({
  "X-Service-Signature": z.string().openapi({
    description: 'Signed at send time: `t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody" with the webhook secret>`',
    example: "t=1763906700,v1=5f0c…",
  }),
});

const eventSchemaName = (kind: string) =>
  `${kind
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")}Event`;

/** What a receiver implements: the request we send it. Ours to sign, not the receiver's to authenticate, hence `security: []`. */
const delivery = (kind: keyof typeof EVENT_SUMMARIES, schema: z.ZodType, example: unknown): RouteConfig => ({
  method: "post",
  path: kind,
  operationId: `receive${eventSchemaName(kind)}`,
  summary: EVENT_SUMMARIES[kind],
  tags: ["Events"],
  security: [],
  request: { headers: signatureHeader, body: { content: { "application/json": { schema, example } }, required: true } },
  responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else, or no answer in 10 s, is retried" } },
});

/** Every event a webhook receives, then the test event: the document's `webhooks`. */
export const EVENT_DELIVERIES: readonly RouteConfig[] = [
  ...EVENT_KINDS.map((kind) => delivery(kind, eventEnvelopeSchema(kind).openapi(eventSchemaName(kind)), eventExamples[kind])),
  delivery("webhook.test", webhookTestEventSchema.openapi(eventSchemaName("webhook.test")), webhookTestEventExample),
];
