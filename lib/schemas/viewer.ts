import { MAX_PAGES_PER_BATCH, MAX_SECONDS_PER_PAGE } from "../rules/track-rules";
import { emailAddressSchema } from "./email-address";
import { z } from "./zod";

/** What a reader sends on a share link: reading beacons and the gate's, password's and code's forms. */

/** The body of a reading beacon, as components/viewer/tracking/reading-tracker.ts sends it. */
export const trackBatchSchema = z.strictObject({
  batch_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "batch_id must be 8 to 64 letters, digits, _ or -"),
  visit_id: z.uuid().optional(),
  /** The document's version the page rendered (additive): its pages are the ones read. */
  version: z.number().int().min(1).optional(),
  pages: z
    .array(
      z.strictObject({
        page: z.number().int().min(1),
        seconds: z.number().min(0, "seconds must not be negative").max(MAX_SECONDS_PER_PAGE),
      }),
    )
    .max(MAX_PAGES_PER_BATCH),
});

export type TrackBatch = z.infer<typeof trackBatchSchema>;

export const gateFormSchema = z.object({
  email: emailAddressSchema("Enter a valid email address, like name@company.com"),
  name: z.string().trim().max(100, "Keep the name under 100 characters").optional().default(""),
});

export type GateForm = z.infer<typeof gateFormSchema>;

export const passwordFormSchema = z.object({ password: z.string().max(200, "That password is too long").default("") });

export const verificationCodeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the email"),
});
