import { ANALYTICS_OPERATIONS } from "@/lib/contract/analytics";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(ANALYTICS_OPERATIONS, "/api/v1/documents/{short_code}/stats");
