import { parseJsonBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { transferOwnershipSchema } from "@/lib/schemas/teams";
import { transferOwnership } from "@/lib/teams/manage-team";

export const POST = withApiKey({ can: "team.transfer" }, async ({ req, access }) => {
  const { user_id } = await parseJsonBody(transferOwnershipSchema, req);
  return json(await transferOwnership(access, user_id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
