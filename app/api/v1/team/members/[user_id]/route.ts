import { ApiError } from "@/lib/errors";
import { parseJsonBody } from "@/lib/http/parse";
import { json, noContent } from "@/lib/http/respond";
import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { memberUserIdParam, updateMemberSchema } from "@/lib/schemas/teams";
import { changeMemberRole, removeMember } from "@/lib/teams/manage-team";

type Params = { user_id: string };

function memberId(params: Params): string {
  const parsed = memberUserIdParam.safeParse(params.user_id);
  if (!parsed.success) throw new ApiError("not_found", "Member not found");
  return parsed.data;
}

export const PATCH = withApiKey<Params>({ can: "members.manage" }, async ({ req, access, params }) => {
  const userId = memberId(params);
  const { role } = await parseJsonBody(updateMemberSchema, req);
  return json(await changeMemberRole(access, userId, role));
});

// Any member may leave (their own user_id); removing someone else takes members.manage, checked by removeMember.
export const DELETE = withApiKey<Params>({ can: "team.leave" }, async ({ access, params }) => {
  await removeMember(access, memberId(params));
  return noContent();
});

export const { GET, POST, PUT, OPTIONS } = methodsNotAllowed(["PATCH", "DELETE"]);
