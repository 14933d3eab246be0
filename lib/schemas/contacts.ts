import { withoutNul } from "../request/nul-characters";
import { paginationQuery, paginationSchema, periodQuery } from "./common";
import { z } from "./zod";

/** The team's contacts (issue 45; additive, not in docs/api-contract.md): everyone who gave an email on its documents or rooms. */

export const CONTACT_SORTS = ["last_active", "total_time", "engagement"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

export const contactsQuery = z.object({
  ...paginationQuery.shape,
  since: periodQuery.shape.since,
  search: z
    .string()
    .trim()
    .max(320, "search must be at most 320 characters")
    .refine(withoutNul, "search must not contain NUL characters")
    .optional()
    .openapi({ param: { name: "search", in: "query", description: "Only people whose email or name contains this text (any case)" } }),
  company: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, "company must be a domain (at most 253 characters)")
    .refine(withoutNul, "company must not contain NUL characters")
    .optional()
    .openapi({
      param: { name: "company", in: "query", description: "Only people of this company: their email's domain, exactly (any case)" },
    }),
  sort: z
    .enum(CONTACT_SORTS, { error: (issue) => `sort must be one of ${CONTACT_SORTS.join(", ")} (got "${String(issue.input)}")` })
    .default("last_active")
    .openapi({
      param: {
        name: "sort",
        in: "query",
        description:
          "last_active (default): most recently active first; total_time: most reading time first; engagement: most engaged first",
      },
    }),
});
export type ContactsQuery = z.infer<typeof contactsQuery>;

/** `{email}` in a path, URL-encoded (`jane%40acme.com`); compared in lower case, as readers' emails are kept. */
export const contactEmailParam = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "email must be an email address")
  .max(320, "email must be at most 320 characters")
  .regex(/^[^@\s]+@[^@\s]+$/, "email must be an email address")
  // No control characters: nothing the gate accepts holds one, and PostgreSQL text cannot hold NUL.
  // A check of its own: a `u`-flagged pattern does not carry into the OpenAPI document's `pattern`.
  .refine((email) => !/\p{Cc}/u.test(email), "email must be an email address")
  .openapi({ param: { name: "email", in: "path", description: "The person's email, URL-encoded" }, example: "jane@acme.com" });

export const contactSchema = z
  .object({
    email: z.string(),
    name: z.string().nullable().openapi({ description: "The name they gave at a gate, if any" }),
    company_domain: z.string().openapi({ description: "The email's domain" }),
    documents_read: z.number().int().openapi({ description: "The team's documents they opened (in rooms too)" }),
    rooms_read: z.number().int().openapi({ description: "The team's rooms they read or entered their email in" }),
    visits: z.number().int(),
    total_time_seconds: z.number(),
    first_seen_at: z.string().openapi({ format: "date-time" }),
    last_active_at: z.string().openapi({ format: "date-time" }),
    engagement_label: z
      .string()
      .openapi({ description: "Their highest engagement level on any one document, as its readers list shows it" }),
    lead: z.boolean().openapi({ description: "They gave their email at a document's or a room's gate" }),
  })
  .openapi("Contact");

export const contactListSchema = z.object({ contacts: z.array(contactSchema), pagination: paginationSchema }).openapi("ContactList");

export const CONTACT_EVENT_KINDS = ["visit", "download", "lead", "room_lead", "agreement"] as const;

export const contactEventSchema = z
  .object({
    kind: z.enum(CONTACT_EVENT_KINDS).openapi({
      description:
        "visit: read a document; download: downloaded one; lead: gave the email at a document's gate; room_lead: at a room's gate; agreement: accepted an agreement",
    }),
    at: z.string().openapi({ format: "date-time" }),
    document: z.object({ short_code: z.string(), title: z.string() }).nullable(),
    room: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    pages_viewed: z.number().int().nullable().openapi({ description: "A visit's pages viewed; null for other kinds" }),
    total_time_seconds: z.number().nullable().openapi({ description: "A visit's reading time; null for other kinds" }),
  })
  .openapi("ContactEvent");

export const contactDetailSchema = z
  .object({
    contact: contactSchema,
    timeline: z.array(contactEventSchema).openapi({ description: "Newest first, at most 200 events" }),
  })
  .openapi("ContactDetail");
