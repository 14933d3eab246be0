import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { TEAM_ACTIONS, type TeamAction, authorize, can } from "./permissions";

const MEMBER: TeamAction[] = ["documents.read", "documents.write", "analytics.read", "team.read"];
const ADMIN: TeamAction[] = [...MEMBER, "members.manage", "keys.manage", "webhook.manage", "team.brand", "team.versions", "audit.read"];

describe("the team policy", () => {
  it("lets members upload, share and read analytics, and nothing else", () => {
    for (const action of TEAM_ACTIONS) expect(can("member", action), action).toBe(MEMBER.includes(action));
  });

  it("lets admins also manage members, keys, the webhook and how many versions are kept, and read the audit log, but not rename, delete or transfer the team", () => {
    for (const action of TEAM_ACTIONS) expect(can("admin", action), action).toBe(ADMIN.includes(action));
  });

  it("lets the owner do everything", () => {
    for (const action of TEAM_ACTIONS) expect(can("owner", action), action).toBe(true);
  });

  it("refuses with 403 forbidden naming the role and who may", () => {
    const error = (() => {
      try {
        authorize({ role: "member" }, "keys.manage");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "forbidden", status: 403 });
    expect((error as Error).message).toMatch(/member.*API keys.*admin/);
  });
});
