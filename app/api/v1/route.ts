import { unknownRoutes } from "@/lib/http/route-fallbacks";

/** `/api/v1` itself is no operation: 404 in the envelope, pointing at the OpenAPI document. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownRoutes;
