import { ACCENT_PATTERN } from "../rules/accent";
import { z } from "./zod";

/** A team's branding (issue 27, item 8): what the Team page's Branding card sends. */

/** `#rrggbb` (any case; stored lower case). Blank means Pagewise's own colour. */
export const accentColorSchema = z
  .string()
  .trim()
  .max(7, "Enter the colour as # and six hex digits, like #2453e0")
  .transform((value) => value.toLowerCase())
  .refine((value) => ACCENT_PATTERN.test(value), "Enter the colour as # and six hex digits, like #2453e0");

/** A checked box posts "true"; an unchecked one posts nothing. */
const checkbox = z
  .literal("true", { error: "Checkboxes send true or nothing" })
  .optional()
  .transform((v) => v === "true");

export const brandingForm = z.object({
  accent_color: accentColorSchema.optional(),
  hide_pagewise_mark: checkbox,
});

export type BrandingSettings = { accentColor: string | null; hidePagewiseMark: boolean };

/** The form's fields as the team's settings: no colour sent means the default. */
export const brandingSettings = brandingForm.transform((form): BrandingSettings => ({
  accentColor: form.accent_color ?? null,
  hidePagewiseMark: form.hide_pagewise_mark,
}));
