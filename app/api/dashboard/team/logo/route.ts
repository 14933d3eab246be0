import { removeTeamLogo, setTeamLogo } from "@/lib/branding/change-branding";
import { readTeamLogo } from "@/lib/branding/team-branding";
import { ApiError } from "@/lib/errors";
import { json } from "@/lib/http/respond";
import { withSession } from "@/lib/http/with-session";
import { BODY_LIMITS, readCappedBytes } from "@/lib/request/read-body";
import { storedFileResponse } from "@/lib/http/stored-file-response";

/**
 * The Branding card's logo: the image's bytes are the body (its name and Content-Type are ignored:
 * the type is read from the bytes), capped at 1 MB before anything parses them.
 */
export const POST = withSession({ can: "team.brand" }, async ({ req, access }) => {
  const logo = await setTeamLogo(access, await readCappedBytes(req, BODY_LIMITS.logo));
  return json(logo, 201);
});

export const DELETE = withSession({ can: "team.brand" }, async ({ access }) => {
  await removeTeamLogo(access);
  return new Response(null, { status: 204 });
});

/** The session's team's logo for the Branding card's preview, by version (`?v=<hash>`), so cached for good. */
export const GET = withSession({ can: "team.read" }, async ({ req, access }) => {
  const logo = await readTeamLogo(access.teamId, new URL(req.url).searchParams.get("v"));
  if (!logo) throw new ApiError("not_found", "This team has no such logo.");
  return storedFileResponse(logo, "image/png", "private, max-age=31536000, immutable");
});
