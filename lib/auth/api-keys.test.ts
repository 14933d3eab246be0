import { ownerAccess } from "../../test/support/fixtures";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createUser } from "../users/create-user";
import { authenticateApiKey, createApiKey, hashApiKey, listApiKeys, regenerateApiKey, revokeApiKey } from "./api-keys";

describe("API keys", () => {
  it("are shown once and stored only as a SHA-256 hash and the last 4 characters", async () => {
    const user = await createUser({ email: "keys@example.com", password: "long enough" });
    const { key, apiKey } = await createApiKey(ownerAccess(user), "CRM sync");
    expect(key).toMatch(/^pw_live_[0-9A-Za-z]{32}$/);
    expect(apiKey.last4).toBe(key.slice(-4));
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it("authenticate the owner and record when they were last used", async () => {
    const user = await createUser({ email: "auth@example.com", password: "long enough" });
    const { key, apiKey } = await createApiKey(ownerAccess(user));
    expect(await authenticateApiKey(key)).toEqual({
      teamId: user.personalTeamId,
      userId: user.id,
      role: "owner",
      keyAccess: "write",
      apiKeyId: apiKey.id,
    });
    const [listed] = await listApiKeys(user.personalTeamId);
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
    const lastCharChanged = `${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}`;
    expect(await authenticateApiKey(lastCharChanged)).toBeNull();
    expect(await authenticateApiKey("not a key")).toBeNull();
  });

  it("made read-only, authenticate as read-only, and stay read-only when regenerated", async () => {
    const user = await createUser({ email: "read-only@example.com", password: "long enough" });
    const { key, apiKey } = await createApiKey(ownerAccess(user), "Reports", "read");
    expect(apiKey.access).toBe("read");
    expect(await authenticateApiKey(key)).toMatchObject({ role: "owner", keyAccess: "read" });
    const regenerated = await regenerateApiKey(ownerAccess(user), apiKey.id);
    expect(regenerated?.apiKey.access).toBe("read");
    expect(await authenticateApiKey(regenerated!.key)).toMatchObject({ keyAccess: "read" });
  });

  it("stop working once revoked, and regenerating issues a new key that works in place of the old", async () => {
    const user = await createUser({ email: "revoke@example.com", password: "long enough" });
    const first = await createApiKey(ownerAccess(user), "Zapier");
    const regenerated = await regenerateApiKey(ownerAccess(user), first.apiKey.id);
    expect(regenerated?.apiKey.name).toBe("Zapier");
    expect(await authenticateApiKey(first.key)).toBeNull();
    expect(await authenticateApiKey(regenerated!.key)).not.toBeNull();
    expect(await revokeApiKey(ownerAccess(user), regenerated!.apiKey.id)).toBe(true);
    expect(await authenticateApiKey(regenerated!.key)).toBeNull();
    expect(await revokeApiKey(ownerAccess(user), regenerated!.apiKey.id)).toBe(false);
  });

  it("cannot be revoked by another account", async () => {
    const owner = await createUser({ email: "owner@example.com", password: "long enough" });
    const other = await createUser({ email: "other@example.com", password: "long enough" });
    const { key, apiKey } = await createApiKey(ownerAccess(owner));
    expect(await revokeApiKey(ownerAccess(other), apiKey.id)).toBe(false);
    expect(await regenerateApiKey(ownerAccess(other), apiKey.id)).toBeNull();
    expect(await authenticateApiKey(key)).not.toBeNull();
  });
});
