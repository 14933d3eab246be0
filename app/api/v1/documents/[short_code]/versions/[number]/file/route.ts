import { parseParam } from "@/lib/http/parse";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { versionFileResponse } from "@/lib/http/version-file-response";
import { withApiKey } from "@/lib/http/with-api-key";
import { versionNumberParam } from "@/lib/schemas/versions";

export const GET = withApiKey<{ short_code: string; number: string }>({ can: "documents.read" }, async ({ access, params }) =>
  versionFileResponse(access.teamId, params.short_code, parseParam(versionNumberParam, params.number)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
