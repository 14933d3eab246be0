import { openApiDocument } from "@/lib/contract/openapi-document";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { json } from "@/lib/http/respond";

export const GET = withApiKey({ public: true }, async () => json(openApiDocument()));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"], { public: true });
