import { EVENT_KINDS } from "./events";
import { z } from "./zod";
import { withoutNul } from "../request/nul-characters";

export const webhookInputSchema = z
  .strictObject(
    {
      url: z
        .string({ error: "url is required" })
        .trim()
        .min(1, "url is required")
        .max(2048, "url must be at most 2048 characters")
        .refine(withoutNul, "url must not contain NUL characters")
        .openapi({ example: "https://crm.example.com/hooks/pagewise" }),
      events: z
        .array(z.enum(EVENT_KINDS, { error: `events must contain only: ${EVENT_KINDS.join(", ")}` }))
        .min(1, "events must not be empty; omit it to receive the seven kinds the contract (docs/api-contract.md) names")
        .optional()
        .openapi({
          description:
            "Event kinds to receive; omitted means the seven kinds the contract (docs/api-contract.md) names (document.updated, question.asked and question.answered, additive, only when listed)",
        }),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys.join(", ")}` : undefined) },
  )
  .openapi("WebhookInput");

export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const webhookSchema = z
  .object({
    webhook_id: z.uuid(),
    url: z.string(),
    events: z.array(z.enum(EVENT_KINDS)),
    is_active: z.boolean(),
    secret: z.string().optional().openapi({ description: "Signing secret (whsec_…); returned once, on creation" }),
  })
  .openapi("Webhook");

export const deliverySchema = z
  .object({
    delivery_id: z.uuid(),
    event_id: z.string(),
    event: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    response_status: z.number().int().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    payload: z.record(z.string(), z.unknown()).openapi({ description: "The event's JSON body as every attempt sends it" }),
    response_body: z.string().nullable().openapi({
      description: "The first 2,048 bytes of the latest attempt's response body (UTF-8); null before an answer came",
    }),
  })
  .openapi("WebhookDelivery");

export const webhookConfigurationSchema = z
  .object({
    webhook: z.object({
      webhook_id: z.uuid(),
      url: z.string(),
      events: z.array(z.enum(EVENT_KINDS)),
      is_active: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
      consecutive_failures: z.number().int(),
      disabled_at: z.string().nullable(),
      disabled_reason: z.enum(["failed_deliveries", "url_setter_left", "account_claimed"]).nullable().openapi({
        description:
          "Why it is disabled: its deliveries kept failing, the member who last set its address left the team or is no longer an admin, or the owner's account was claimed by its address's owner; null while active",
      }),
    }),
    deliveries: z.array(deliverySchema),
  })
  .openapi("WebhookConfiguration");

export const webhookTestResultSchema = z
  .object({
    delivered: z.boolean(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    event_id: z.string(),
    error: z.string().nullable(),
  })
  .openapi("WebhookTestResult");
