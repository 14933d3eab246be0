import { openApiDocument } from "@/lib/api/openapi";
import { json, withApiKey } from "@/lib/api/with-api-key";

export const GET = withApiKey(async () => json(openApiDocument()), { public: true });
