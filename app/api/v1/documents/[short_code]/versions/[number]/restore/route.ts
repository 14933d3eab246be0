import { restoreVersion } from "@/lib/versions/restore-version";
import { serializeVersionChange } from "@/lib/versions/serialize-version-change";
import { parseParam } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { versionNumberParam } from "@/lib/schemas/versions";

export const POST = withApiKey<{ short_code: string; number: string }>({ can: "documents.write" }, async ({ access, params }) =>
  json(serializeVersionChange(await restoreVersion(access, params.short_code, parseParam(versionNumberParam, params.number)))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
