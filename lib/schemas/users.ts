import { withoutNul } from "../request/nul-characters";
import { emailAddressSchema } from "./email-address";
import { GRANTABLE_ROLES } from "./teams";
import { z } from "./zod";

/** The account forms' fields: sign up, sign in, an administrator's new account, invitations, settings. */

export const emailSchema = emailAddressSchema("Enter a valid email address");
export const passwordSchema = z
  .string()
  .min(8, "Use at least 8 characters")
  .max(200, "Use at most 200 characters")
  .refine(withoutNul, "A password cannot contain NUL characters");
export const nameSchema = z
  .string()
  .trim()
  .max(100, "Use at most 100 characters")
  .refine(withoutNul, "A name cannot contain NUL characters");

export const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
});

export const signupFormSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
  invitation: z.string().max(100).optional(),
});

export type SignupForm = z.input<typeof signupFormSchema>;

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password").max(1000, "That is longer than any password here"),
});

/** How long an invitation may last, in days. */
export const INVITATION_DAYS = [1, 7, 30] as const;

export const invitationInputSchema = z.object({
  // The API requires it (teams.ts); the dashboard may still make a link for whoever holds it.
  email: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), emailSchema.optional()),
  role: z.enum(GRANTABLE_ROLES, { error: "Choose admin or member" }).default("member"),
  days: z.coerce
    .number()
    .refine((d) => (INVITATION_DAYS as readonly number[]).includes(d), `Choose ${INVITATION_DAYS.join(", ")} days`)
    .default(7),
});

/** Which of a team's documents bring a member digests: all, the ones they uploaded, or none. */
export const DIGEST_SCOPES = ["all", "uploaded", "none"] as const;

/**
 * What a member hears about in one team: which documents' digests they get, what those report
 * besides views (both default on), and, for an admin, whether they are told when the webhook is
 * disabled (the owner always is, a member never).
 */
export const notificationPreferencesSchema = z.strictObject({
  digests: z.enum(DIGEST_SCOPES, { error: "digests must be all, uploaded or none" }),
  new_leads: z.boolean({ error: "new_leads must be true or false" }),
  completed_reads: z.boolean({ error: "completed_reads must be true or false" }),
  team_alerts: z.boolean({ error: "team_alerts must be true or false" }),
});

/** A checked box posts "true"; an unchecked one posts nothing. */
const checkbox = z
  .literal("true", { error: "Checkboxes send true or nothing" })
  .optional()
  .transform((v) => v === "true");

/** The notification settings form: its choice of documents and its checkboxes as the preferences. */
export const notificationPreferencesForm = z.object({
  digests: z.enum(DIGEST_SCOPES, { error: "Choose which documents bring you digests" }),
  new_leads: checkbox,
  completed_reads: checkbox,
  team_alerts: checkbox,
});

/**
 * A new API key from the dashboard: its name, which it must have (a list of keys all called
 * "Default" says nothing about which to revoke; a long one is cut at 100 characters), and what it
 * may do (write unless it is made read-only).
 */
export const apiKeyForm = z.object({
  name: z
    .string({ error: "Name the key after what will use it, e.g. “CRM sync”" })
    .trim()
    .min(1, "Name the key after what will use it, e.g. “CRM sync”")
    .transform((name) => name.slice(0, 100)),
  access: z.enum(["read", "write"], { error: "Choose what the key may do" }).default("write"),
});

/** Any password an account may have now (older rules allowed what passwordSchema refuses): only its length is bounded. */
export const currentPasswordSchema = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(1000, "That is longer than any password here");

/** An emailed account link's token as a form or a page passes it on. */
export const accountTokenSchema = z.string().min(1, "This link is incomplete").max(100, "This link is not one we sent");

/** The account page: a new name (blank removes it). */
export const changeNameForm = z.object({ name: nameSchema.optional() });

/** The account page: a new address, and the current password when the account has one. */
export const changeEmailForm = z.object({ email: emailSchema, current_password: currentPasswordSchema.optional() });

/** The account page: the current password and a new one held to the sign-up rules. */
export const changePasswordForm = z.object({ current_password: currentPasswordSchema, new_password: passwordSchema });

/** The account page: deleting it takes the password, or, for an account without one, its address typed out. */
export const deleteAccountForm = z.object({
  current_password: currentPasswordSchema.optional(),
  confirm_email: z.string().trim().toLowerCase().max(1000, "That is not this account's address").optional(),
});

/** "Forgot password?": the address to send a reset link to. */
export const forgotPasswordForm = z.object({ email: emailSchema });

/** The reset link's page: its token and the new password. */
export const resetPasswordForm = z.object({ token: accountTokenSchema, new_password: passwordSchema });
