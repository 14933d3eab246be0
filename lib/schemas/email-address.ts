import { MAX_ADDRESS, MAX_LOCAL_PART } from "../rules/mailbox";
import { z } from "./zod";

/**
 * An email address typed by a person: trimmed and lower-cased before it is checked (so
 * " Ann@Example.com" is ann@example.com, not an error), then held to RFC 5321's lengths.
 */
export const emailAddressSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: message })
        .max(MAX_ADDRESS, `Use at most ${MAX_ADDRESS} characters`)
        .refine((email) => email.lastIndexOf("@") <= MAX_LOCAL_PART, `The part before @ may hold at most ${MAX_LOCAL_PART} characters`),
    );
