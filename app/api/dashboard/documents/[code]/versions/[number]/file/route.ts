import { parseParam } from "@/lib/http/parse";
import { versionFileResponse } from "@/lib/http/version-file-response";
import { withSession } from "@/lib/http/with-session";
import { versionNumberParam } from "@/lib/schemas/versions";

/** One version's PDF for the dashboard's version history. */
export const GET = withSession<{ code: string; number: string }>({ can: "documents.read" }, async ({ access, params }) =>
  versionFileResponse(access.teamId, params.code, parseParam(versionNumberParam, params.number)),
);
