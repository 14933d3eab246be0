import { readTeamLogo } from "@/lib/branding/team-branding";
import { ApiError } from "@/lib/errors";
import { withShareLink } from "@/lib/http/with-share-link";
import { storedFileResponse } from "@/lib/http/stored-file-response";

type RouteContext = { params: Promise<{ code: string }> };

/**
 * The logo of the team that shared this link or room, `?v=<hash>` naming the version (the page and the owner
 * emails write it): content-addressed, so cached for good. The same doors as the file, but no grant:
 * the logo shows on the password and gate steps too. The file and its type come from the team's row.
 */
export function GET(req: Request, context: RouteContext): Promise<Response> {
  const version = new URL(req.url).searchParams.get("v");
  return withShareLink("file", ({ doc }) => teamLogo(doc.teamId, version), { room: ({ share }) => teamLogo(share.teamId, version) })(
    req,
    context,
  );
}

async function teamLogo(teamId: string, version: string | null): Promise<Response> {
  const logo = await readTeamLogo(teamId, version);
  if (!logo) throw new ApiError("not_found", "This team has no such logo.", { headers: { "Cache-Control": "no-store" } });
  return storedFileResponse(logo, "image/png", "public, max-age=31536000, immutable", {
    // Opened on its own it is an image and nothing else; email clients on other sites may show it.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
}
