import { openApiDocument } from "@/lib/http/openapi";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { json, withApiKey } from "@/lib/http/with-api-key";

export const GET = withApiKey(async () => json(openApiDocument()), { public: true });
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"], { public: true });
