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
