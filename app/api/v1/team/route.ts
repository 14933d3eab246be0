import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { json } from "@/lib/http/respond";
import { withApiKey } from "@/lib/http/with-api-key";
import { getTeam } from "@/lib/teams/manage-team";

export const GET = withApiKey({ can: "team.read" }, async ({ access }) => json(await getTeam(access)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
