import { openApiDocument } from "@/lib/api/openapi";
import { methodsNotAllowed } from "@/lib/api/route-fallbacks";
import { json, withApiKey } from "@/lib/api/with-api-key";

export const GET = withApiKey(async () => json(openApiDocument()), { public: true });
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"], { public: true });
