import { withoutNul } from "../request/nul-characters";
import { canonicalMailbox, lookalikeMailbox, mailboxDomain } from "../rules/mailbox";
import { z } from "./zod";

/**
 * The access rules of a document (its links' defaults) and of each link, as the API takes them.
 * One schema per field, shared by documents (upload, PATCH) and links (create, PATCH).
 */

export const MAX_LIST_ENTRIES = 500;

/** Codes must reach the reader's inbox: without SMTP there is nowhere honest to send them (issue 24). */
export const VERIFY_NEEDS_SMTP = "Verifying readers' emails needs an email server: set SMTP_URL (see the README) so the codes can be sent.";
export const MAX_WATERMARK_LENGTH = 200;
export const MAX_AGREEMENT_LENGTH = 20_000;
export const WATERMARK_FIELDS = ["email", "date", "ip"] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `Jane@Acme.com` → `jane@acme.com`; `@acme.com` or `acme.com` → `acme.com`; anything else: null. */
export function normalizeListEntry(entry: string): string | null {
  const value = entry.trim().toLowerCase().replace(/^@/, "");
  if (EMAIL.test(value)) return DOMAIN.test(value.split("@")[1]!) ? value : null;
  return DOMAIN.test(value) ? value : null;
}

/**
 * Whether an email is named by a list: its domain, a parent domain, or the same mailbox
 * (lib/rules/mailbox.ts: `boss+x@acme.com` is `boss@acme.com`). A block list matches lookalikes
 * too (`b.o.s.s@acme.com`), erring towards refusing; an allow list only the mailbox itself.
 */
export function listNames(list: readonly string[], email: string, match: "mailbox" | "lookalike" = "mailbox"): boolean {
  const same = match === "lookalike" ? lookalikeMailbox : canonicalMailbox;
  const mailbox = same(email);
  const domain = mailboxDomain(email);
  return list.some((entry) =>
    entry.includes("@") ? same(entry) === mailbox : domain === mailboxDomain(`@${entry}`) || domain.endsWith(`.${entry}`),
  );
}

const emailList = (name: "allow" | "block") =>
  z
    .array(z.string({ error: `${name} entries must be strings` }), { error: `${name} must be an array of emails and domains` })
    .max(MAX_LIST_ENTRIES, `${name} may hold at most ${MAX_LIST_ENTRIES} entries`)
    .transform((entries, ctx) => {
      const normalized: string[] = [];
      for (const entry of entries) {
        const value = normalizeListEntry(entry);
        if (value === null) {
          ctx.addIssue({
            code: "custom",
            message: `${name} entries must be emails (jane@acme.com) or domains (acme.com); got "${entry.slice(0, 100)}"`,
          });
          return z.NEVER;
        }
        if (!normalized.includes(value)) normalized.push(value);
      }
      return normalized;
    })
    .openapi({
      type: "array",
      items: { type: "string" },
      maxItems: MAX_LIST_ENTRIES,
      description:
        name === "allow"
          ? "Emails and domains that may read (a domain includes its subdomains); empty: everyone. A non-empty list implies the email gate."
          : "Emails and domains that may not read (a domain includes its subdomains)",
      example: name === "allow" ? ["acme.com", "jane@partner.io"] : ["competitor.com"],
    });

/** A text that is either null or trimmed, non-empty, at most `max` characters and free of NUL, in `name`'s words. */
const optionalText = (name: "watermark" | "agreement", max: number) =>
  z
    .string({ error: `${name} must be a string or null` })
    .trim()
    .min(1, `${name} must not be empty; use null for none`)
    .max(max, `${name} must be at most ${max} characters`)
    .refine(withoutNul, `${name} must not contain NUL characters`);

export const accessRuleFields = {
  expires_at: z.iso
    .datetime({ offset: true, error: "expires_at must be an ISO 8601 date-time, e.g. 2026-12-31T23:59:59Z, or null" })
    .nullable()
    .openapi({ description: "After this time the link answers 410 “this link has expired”; null: never", example: "2026-12-31T23:59:59Z" }),
  verify_email: z.boolean({ error: "verify_email must be true or false" }).openapi({
    description: "Readers prove their email with a one-time 6-digit code sent to it; implies the email gate",
  }),
  allow: emailList("allow"),
  block: emailList("block"),
  watermark: optionalText("watermark", MAX_WATERMARK_LENGTH)
    .refine(
      (template) => [...template.matchAll(/\{([^}]*)\}/g)].every((m) => (WATERMARK_FIELDS as readonly string[]).includes(m[1]!)),
      `watermark may only use the fields ${WATERMARK_FIELDS.map((f) => `{${f}}`).join(", ")}`,
    )
    .nullable()
    .openapi({
      description: "Drawn over every page in the viewer and burned into downloads; {email}, {date}, {ip} are filled in",
      example: "Confidential · {email} · {date}",
    }),
  agreement: optionalText("agreement", MAX_AGREEMENT_LENGTH)
    .refine(
      (text) => !/^https?:\/\//i.test(text) || /^https:\/\/[^\s]+$/i.test(text),
      "an agreement given as a URL must be a single https:// URL",
    )
    .nullable()
    .openapi({
      description: "Text, or an https URL to it, the reader must accept before reading; acceptances are recorded",
      example: "I agree to keep this document confidential.",
    }),
};

/** Every access rule left out when not sent: how a document's and a link's PATCH take them. */
export const optionalAccessRuleFields = {
  expires_at: accessRuleFields.expires_at.optional(),
  verify_email: accessRuleFields.verify_email.optional(),
  allow: accessRuleFields.allow.optional(),
  block: accessRuleFields.block.optional(),
  watermark: accessRuleFields.watermark.optional(),
  agreement: accessRuleFields.agreement.optional(),
};
