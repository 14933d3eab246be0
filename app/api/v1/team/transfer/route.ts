import { TEAM_OPERATIONS } from "@/lib/contract/team";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(TEAM_OPERATIONS, "/api/v1/team/transfer");
