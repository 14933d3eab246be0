import type { AuditActor } from "../audit/record-audit";
import { ApiError } from "../errors";
import type { ApiKeyAccess, TeamRole } from "../generated/prisma/enums";

export type { TeamRole };

/** Most to least: the owner can do everything an admin can, an admin everything a member can. */
export const TEAM_ROLES = ["owner", "admin", "member"] as const satisfies readonly TeamRole[];

const RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

/**
 * Every action a member may attempt, with the least role that may do it. The one policy: the API,
 * the dashboard's actions and its routes all ask `can` (through `authorize`) before acting.
 */
const LEAST_ROLE = {
  /** Read the team's documents, links and their settings; see the team and its members. */
  "documents.read": "member",
  /** Upload, change settings, share (links); delete the documents and rooms one made. */
  "documents.write": "member",
  /** Delete documents and rooms a teammate made (or whose maker left): the team shares one library, but not the undoing of others' work. */
  "documents.delete_any": "admin",
  /** See the Trash, restore what is in it, delete it for good. */
  "trash.manage": "admin",
  "analytics.read": "member",
  "team.read": "member",
  /** Leave the team (anyone but its owner, who transfers it first). */
  "team.leave": "member",
  /** Invite, change roles (below owner), remove members. */
  "members.manage": "admin",
  "keys.manage": "admin",
  "webhook.manage": "admin",
  /** The logo, accent colour and Pagewise mark readers see on the team's links and owners in emails. */
  "team.brand": "admin",
  /** How many versions of each document the team keeps. */
  "team.versions": "admin",
  /** Read who did what in the team (the audit log). */
  "audit.read": "admin",
  "team.rename": "owner",
  "team.delete": "owner",
  "team.transfer": "owner",
} as const satisfies Record<string, TeamRole>;

export type TeamAction = keyof typeof LEAST_ROLE;
export const TEAM_ACTIONS = Object.keys(LEAST_ROLE) as TeamAction[];

export function can(role: TeamRole, action: TeamAction): boolean {
  return RANK[role] >= RANK[LEAST_ROLE[action]];
}

/**
 * Who acts, in which team, with which role (now), and how they came (the API key, null from the
 * dashboard, and the client address): what every team-scoped use-case is given, and what its
 * audit entry names.
 */
export type TeamAccess = KeyHolder & Required<Pick<AuditActor, "apiKeyId" | "address">>;

/** A user's place in a team: the team, the user, their role there now. */
export type TeamMembership = { teamId: string; userId: string; role: TeamRole };

/**
 * A member acting through an API key (`keyAccess`: what the key may do) or through the dashboard
 * (`keyAccess: null`: whatever the role allows). Required, so no caller can forget it and let a
 * read-only key through.
 */
export type KeyHolder = TeamMembership & { keyAccess: ApiKeyAccess | null };

/** What a read-only key may do: the actions that change nothing. */
const READING = new Set<TeamAction>(["documents.read", "analytics.read", "team.read", "audit.read"]);

/** Whether the member's role, and the key they act through, allow the action. */
export function permits(who: KeyHolder, action: TeamAction): boolean {
  return can(who.role, action) && (who.keyAccess !== "read" || READING.has(action));
}

/** Whether `authorize` refuses the action to some key: one the least role cannot take, or a change a read-only key cannot make. */
export function refusable(action: TeamAction): boolean {
  return LEAST_ROLE[action] !== "member" || !READING.has(action);
}

const WHAT: Record<TeamAction, string> = {
  "documents.read": "read this team's documents",
  "documents.write": "change this team's documents",
  "documents.delete_any": "delete documents and rooms other members made",
  "trash.manage": "restore or delete for good what this team deleted",
  "analytics.read": "read this team's analytics",
  "team.read": "see this team",
  "team.leave": "leave this team",
  "members.manage": "manage this team's members",
  "keys.manage": "manage this team's API keys",
  "webhook.manage": "manage this team's webhook",
  "team.brand": "change this team's branding",
  "team.versions": "change how many versions of its documents this team keeps",
  "audit.read": "read this team's audit log",
  "team.rename": "rename this team",
  "team.delete": "delete this team",
  "team.transfer": "transfer this team's ownership",
};

/** Who may take the action, as a page the member cannot see says it: "Only admins can manage this team's API keys." */
export function onlyWhoMay(action: TeamAction): string {
  const least = LEAST_ROLE[action];
  return `Only ${least === "owner" ? "the team's owner" : `${least}s`} can ${WHAT[action]}.`;
}

/** The roles that may take the action, most first. */
export const rolesThatMay = (action: TeamAction): TeamRole[] => TEAM_ROLES.filter((role) => can(role, action));

/**
 * Whether the member may delete a document or room made by `madeBy` (null: its maker's account is
 * gone): what they made themselves, or anything as an admin.
 */
export function mayDelete(who: KeyHolder, madeBy: string | null): boolean {
  return permits(who, "documents.write") && (madeBy === who.userId || permits(who, "documents.delete_any"));
}

/** Refuses (403 `forbidden`) what `mayDelete` would not allow, saying why. */
export function authorizeDeletion(who: KeyHolder, madeBy: string | null): void {
  authorize(who, "documents.write");
  if (madeBy !== who.userId) authorize(who, "documents.delete_any");
}

/** Refuses (403 `forbidden`) an action the role, or the read-only key acted through, may not take. */
export function authorize<A extends Pick<KeyHolder, "role" | "keyAccess">>(access: A, action: TeamAction): A {
  if (!can(access.role, action)) {
    throw new ApiError(
      "forbidden",
      `Your role in this team (${access.role}) cannot ${WHAT[action]}. Ask an ${LEAST_ROLE[action]} of the team.`,
    );
  }
  if (access.keyAccess === "read" && !READING.has(action)) {
    throw new ApiError("forbidden", `This API key is read-only: it cannot ${WHAT[action]}. Use a key with write access.`);
  }
  return access;
}
