import { withoutNul } from "../request/nul-characters";
import { z } from "./zod";

/**
 * The building blocks of the sharing settings' schemas (lib/schemas/sharing-settings.ts): a
 * setting's value as JSON sends it, and how a multipart upload's text field is read into it.
 */

export const GATE_TYPES = ["preview", "full", "none"] as const;

/** A JSON boolean, refused in the setting's own words. */
export const booleanValue = (name: string) => z.boolean({ error: `${name} must be a boolean` });

/** Booleans in multipart forms: true/false/1/0/on/off, any case. */
export const formBoolean = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const v = value.trim().toLowerCase();
      if (["true", "1", "on"].includes(v)) return true;
      if (["false", "0", "off"].includes(v)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be a boolean: true or false (got "${value}")` });
      return z.NEVER;
    })
    .openapi({ type: "boolean" });

/** A whole number in a multipart form, then the setting's own bounds. */
export const formInteger = (name: string, value: z.ZodType<unknown, number>) =>
  z.string().regex(/^\d+$/, `${name} must be a whole number`).transform(Number).pipe(value);

/**
 * A list in a multipart form: a JSON array (`["acme.com","jane@partner.io"]`), or entries separated
 * by newlines or commas (what a textarea or `-F allow=acme.com,partner.io` sends).
 */
export const formList = (name: string, value: z.ZodType) =>
  z
    .string()
    .transform((raw, ctx) => {
      const text = raw.trim();
      if (!text.startsWith("[")) return text.split(/[\n,]/).flatMap((entry) => (entry.trim() ? [entry.trim()] : []));
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} must be a JSON array or emails and domains separated by commas or newlines` });
        return z.NEVER;
      }
    })
    .pipe(value)
    .openapi({ type: "string" });

export const passwordValue = z
  .string()
  .min(8, "password must be 8 to 128 characters")
  .max(128, "password must be 8 to 128 characters")
  .refine(withoutNul, "password must not contain NUL characters");
