import { WEBHOOK_OPERATIONS } from "@/lib/contract/webhooks";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(WEBHOOK_OPERATIONS, "/api/v1/webhooks/test");
