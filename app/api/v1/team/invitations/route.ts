import { parseJsonBody } from "@/lib/http/parse";
import { json } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { teamInvitationInputSchema } from "@/lib/schemas/teams";
import { createInvitation } from "@/lib/users/invitations";

export const POST = withApiKey({ can: "members.manage" }, async ({ req, access }) => {
  const input = await parseJsonBody(teamInvitationInputSchema, req);
  const { url, invitation } = await createInvitation(access, input);
  return json(
    { invitation: { id: invitation.id, email: input.email, role: input.role, url, expires_at: invitation.expiresAt.toISOString() } },
    201,
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
