import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { clientAddress } from "../request/server-headers";
import type { SignedInUser } from "../auth/auth";
import { type TeamAccess, type TeamAction, authorize, can } from "../teams/permissions";
import { sessionTeamAccess } from "../teams/session-team";
import { requireUser } from "./require-user";

/** The signed-in member and the team this sign-in acts in, with their role there now. */
export type DashboardAccess = TeamAccess & { user: SignedInUser };

/**
 * Every dashboard page and server action starts here: the signed-in user (or a redirect to sign-in)
 * in the session's team, refused (403 `forbidden`, an ApiError) when their role there may not take
 * `action`. Pages that only show pass no action and hide what the role cannot do.
 */
export function requireTeam(action?: TeamAction): () => Promise<DashboardAccess> {
  return async () => {
    const user = await requireUser();
    const access = await dashboardAccess(user);
    if (action) authorize(access, action);
    return { ...access, user };
  };
}

/** A dashboard page's access: a page the role may not see answers like a missing page (the nav hides it). */
export async function requireTeamPage(action?: TeamAction): Promise<DashboardAccess> {
  const user = await requireUser();
  const access = await dashboardAccess(user);
  if (action && !can(access.role, action)) notFound();
  return { ...access, user };
}

/** The session's team, from this request's address; no API key (the dashboard's own sign-in). */
export async function dashboardAccess(user: SignedInUser): Promise<TeamAccess> {
  const membership = await sessionTeamAccess(user, user.sessionId);
  return { ...membership, keyAccess: null, apiKeyId: null, address: clientAddress(await headers()) };
}
