import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { TEAM_ACTIONS, type TeamAction, authorize, authorizeDeletion, can, mayDelete, permits } from "./permissions";

const MEMBER: TeamAction[] = ["documents.read", "documents.write", "analytics.read", "team.read", "team.leave"];
const ADMIN: TeamAction[] = [
  ...MEMBER,
  "documents.delete_any",
  "trash.manage",
  "members.manage",
  "keys.manage",
  "webhook.manage",
  "team.brand",
  "team.versions",
  "audit.read",
];

describe("the team policy", () => {
  it("lets members upload, share and read analytics, and nothing else", () => {
    for (const action of TEAM_ACTIONS) expect(can("member", action), action).toBe(MEMBER.includes(action));
  });

  it("lets admins also delete what teammates made, keep the Trash, manage members, keys, the webhook and how many versions are kept, and read the audit log, but not rename, delete or transfer the team", () => {
    for (const action of TEAM_ACTIONS) expect(can("admin", action), action).toBe(ADMIN.includes(action));
  });

  it("lets the owner do everything", () => {
    for (const action of TEAM_ACTIONS) expect(can("owner", action), action).toBe(true);
  });

  it("refuses with 403 forbidden naming the role and who may", () => {
    const error = (() => {
      try {
        authorize({ role: "member", keyAccess: null }, "keys.manage");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "forbidden", status: 403 });
    expect((error as Error).message).toMatch(/member.*API keys.*admin/);
  });

  it("lets a read-only key read what its maker's role may read, and change nothing", () => {
    const reading: TeamAction[] = ["documents.read", "analytics.read", "team.read", "audit.read"];
    const owner = { teamId: "t", userId: "u", role: "owner" as const };
    for (const action of TEAM_ACTIONS) {
      expect(permits({ ...owner, keyAccess: "read" }, action), action).toBe(reading.includes(action));
      expect(permits({ ...owner, keyAccess: "write" }, action), action).toBe(true);
      expect(permits({ ...owner, keyAccess: null }, action), action).toBe(true);
    }
    expect(permits({ ...owner, role: "member", keyAccess: "read" }, "audit.read")).toBe(false);
  });

  it("refuses a read-only key's change with 403 forbidden saying the key is read-only", () => {
    expect(() => authorize({ role: "owner", keyAccess: "read" }, "documents.write")).toThrow(/read-only.*change this team's documents/);
  });

  it("lets a member delete what they made, and only an admin or the owner what a teammate made or a departed member left", () => {
    const as = (role: "owner" | "admin" | "member", keyAccess: "read" | "write" | null = null) => ({
      teamId: "t",
      userId: "me",
      role,
      keyAccess,
    });
    for (const madeBy of ["me", "teammate", null]) {
      expect(mayDelete(as("member"), madeBy), String(madeBy)).toBe(madeBy === "me");
      expect(mayDelete(as("admin"), madeBy)).toBe(true);
      expect(mayDelete(as("owner", "read"), madeBy)).toBe(false);
    }
    expect(() => authorizeDeletion(as("member"), "teammate")).toThrow(/member.*delete documents and rooms other members made.*admin/);
    expect(() => authorizeDeletion(as("member"), null)).toThrow(ApiError);
    expect(() => authorizeDeletion(as("member", "read"), "me")).toThrow(/read-only/);
    expect(() => authorizeDeletion(as("member"), "me")).not.toThrow();
    expect(() => authorizeDeletion(as("admin", "write"), "teammate")).not.toThrow();
  });
});
