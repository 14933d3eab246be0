import { VERSION_OPERATIONS } from "@/lib/contract/versions";
import { routeOf } from "@/lib/contract/route-of";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(
  VERSION_OPERATIONS,
  "/api/v1/documents/{short_code}/versions/{number}/restore",
);
