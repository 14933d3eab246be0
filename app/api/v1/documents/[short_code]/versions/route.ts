import { VERSION_OPERATIONS } from "@/lib/contract/versions";
import { routeOf } from "@/lib/contract/route-of";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(VERSION_OPERATIONS, "/api/v1/documents/{short_code}/versions");
