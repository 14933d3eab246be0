import { removeTeamLogo, setTeamLogo } from "@/lib/branding/change-branding";
import { json } from "@/lib/http/respond";
import { withSession } from "@/lib/http/with-session";
import { BODY_LIMITS, readCappedBytes } from "@/lib/request/read-body";

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
