import { DOCUMENT_OPERATIONS } from "@/lib/contract/documents";
import { routeOf } from "@/lib/contract/route-of";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeOf(DOCUMENT_OPERATIONS, "/api/v1/documents");
