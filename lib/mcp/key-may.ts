import { can, type TeamAccess, type TeamAction } from "../teams/permissions";

/**
 * Whether the key may take the action: the one decision of which tools a key sees in tools/list
 * and which it may call. A key acts with its maker's role in the team now, as on the REST API.
 */
export function keyMay(access: TeamAccess, action: TeamAction): boolean {
  return can(access.role, action);
}
