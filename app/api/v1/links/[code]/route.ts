import { LINK_OPERATIONS } from "@/lib/contract/links";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(LINK_OPERATIONS, "/api/v1/links/{code}");
