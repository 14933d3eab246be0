import { withoutNul } from "../request/nul-characters";
import { emailAddressSchema } from "./email-address";
import { z } from "./zod";

/** Refuses unknown fields by name, like the other JSON bodies. */
const strict = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `Unknown field(s): ${issue.keys?.join(", ")}` : undefined,
};

export const TEAM_ROLE_VALUES = ["owner", "admin", "member"] as const;
/** The roles an invitation or a role change may give: ownership is transferred, never given. */
export const GRANTABLE_ROLES = ["admin", "member"] as const;

const grantableRole = z
  .enum(GRANTABLE_ROLES, { error: "role must be admin or member (ownership moves with POST /api/v1/team/transfer)" })
  .openapi({ description: "admin or member; ownership is transferred, never given" });

export const memberUserIdParam = z.uuid({ error: "user_id must be a UUID" }).openapi({ param: { name: "user_id", in: "path" } });

export const teamInvitationInputSchema = z
  .strictObject({ email: emailAddressSchema("email must be a valid email address"), role: grantableRole.default("member") }, strict)
  .openapi("TeamInvitationInput");

export const updateMemberSchema = z.strictObject({ role: grantableRole }, strict).openapi("TeamMemberUpdate");

export const transferOwnershipSchema = z
  .strictObject({ user_id: z.uuid({ error: "user_id must be the UUID of a member" }) }, strict)
  .openapi("TeamTransfer");

export const teamNameSchema = z
  .string({ error: "name is required" })
  .trim()
  .min(1, "name is required")
  .max(100, "name must be at most 100 characters")
  .refine(withoutNul, "name must not contain NUL characters");

export const teamMemberSchema = z
  .object({
    user_id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(TEAM_ROLE_VALUES),
    joined_at: z.string(),
  })
  .openapi("TeamMember");

export const teamSchema = z
  .object({ team: z.object({ id: z.uuid(), name: z.string() }), members: z.array(teamMemberSchema) })
  .openapi("Team");

export const teamInvitationSchema = z
  .object({
    invitation: z.object({
      id: z.uuid(),
      email: z.string(),
      role: z.enum(GRANTABLE_ROLES),
      url: z.string().openapi({ description: "The link to accept; shown once, here" }),
      expires_at: z.string(),
    }),
  })
  .openapi("TeamInvitation");

/** How many versions of each document a team keeps (issue 28): null keeps them all. */
export const VERSIONS_KEPT_MAX = 100;
const VERSIONS_KEPT_RANGE = `Keep from 1 to ${VERSIONS_KEPT_MAX} versions`;

export const versionsKeptSchema = z
  .number({ error: VERSIONS_KEPT_RANGE })
  .int(VERSIONS_KEPT_RANGE)
  .min(1, VERSIONS_KEPT_RANGE)
  .max(VERSIONS_KEPT_MAX, VERSIONS_KEPT_RANGE)
  .nullable();

/** The Team page's "Keep versions" form: `keep` is all or last, `count` the N of "the last N". */
export const versionsKeptForm = z
  .discriminatedUnion(
    "keep",
    [
      z.object({ keep: z.literal("all") }),
      z.object({
        keep: z.literal("last"),
        count: z.coerce.number({ error: VERSIONS_KEPT_RANGE }).pipe(versionsKeptSchema.unwrap()),
      }),
    ],
    { error: "Choose all versions or the last few" },
  )
  .transform((form) => (form.keep === "all" ? null : form.count));
