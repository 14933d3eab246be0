import { createHash } from "node:crypto";
import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db/client";
import type { ApiKeyAccess, TeamRole } from "../generated/prisma/enums";
import { newApiKey } from "../ids";
import type { KeyHolder } from "../teams/permissions";

export type { ApiKeyAccess };

/**
 * API keys: `pw_live_` + 32 base62 characters. Only the SHA-256 hash and the last 4 characters are
 * stored, so a key is shown once, when it is created or regenerated. A key belongs to a team and
 * acts with the role its maker has in that team at the time of each request, narrowed to reading
 * when the key was made read-only.
 */

export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

export type ApiKeySummary = {
  id: string;
  name: string;
  /** The member who made it. */
  createdBy: string | null;
  last4: string;
  access: ApiKeyAccess;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const summary = {
  id: true,
  name: true,
  last4: true,
  access: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  user: { select: { email: true } },
} as const;

const summarize = ({ user, ...key }: { user: { email: string } } & Omit<ApiKeySummary, "createdBy">): ApiKeySummary => ({
  ...key,
  createdBy: user.email,
});

/** Who makes a key: a member of the team (the key acts with their role), and how they came. */
type KeyMaker = AuditActor & { userId: string };

/** Stores a new key made by `by`, with its audit entry, in `tx`. */
async function storeKey(tx: Tx, by: KeyMaker, name: string, access: ApiKeyAccess, details: Record<string, unknown> = {}) {
  const key = newApiKey();
  const apiKey = await tx.apiKey.create({
    data: { teamId: by.teamId, userId: by.userId, name, access, keyHash: hashApiKey(key), last4: key.slice(-4) },
    select: summary,
  });
  await recordAudit(tx, by, {
    action: "api_key.created",
    target: { id: apiKey.id, label: apiKey.name },
    details: { last4: apiKey.last4, access, ...details },
  });
  return { key, apiKey: summarize(apiKey) };
}

/** A key in the member's team, made by them. Callers check the member may manage keys (operators' scripts need not). */
export async function createApiKey(
  by: KeyMaker,
  name = "Default",
  access: ApiKeyAccess = "write",
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  // A name is only a label: characters PostgreSQL cannot store are dropped rather than refused.
  const label = name.replaceAll("\u0000", "").trim().slice(0, 100) || "Default";
  return db.$transaction((tx) => storeKey(tx, by, label, access));
}

export async function listApiKeys(teamId: string): Promise<ApiKeySummary[]> {
  return (await db.apiKey.findMany({ where: { teamId }, orderBy: { createdAt: "desc" }, select: summary })).map(summarize);
}

/** Revokes one of the team's live keys in `tx` (with its audit entry); null when there is none. */
async function revokeIn(tx: Tx, by: AuditActor, id: string, details: Record<string, unknown> = {}) {
  const [revoked] = await tx.apiKey.updateManyAndReturn({
    where: { id, teamId: by.teamId, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true, name: true, last4: true, access: true },
  });
  if (revoked)
    await recordAudit(tx, by, {
      action: "api_key.revoked",
      target: { id, label: revoked.name },
      details: { last4: revoked.last4, ...details },
    });
  return revoked ?? null;
}

/** Revokes a key at once; returns false when the team has no such key. */
export async function revokeApiKey(by: AuditActor, id: string): Promise<boolean> {
  return Boolean(await db.$transaction((tx) => revokeIn(tx, by, id)));
}

/** Revokes a key and issues a new one with the same name and access, made by whoever regenerates it, in one transaction. */
export async function regenerateApiKey(by: KeyMaker, id: string): Promise<{ key: string; apiKey: ApiKeySummary } | null> {
  return db.$transaction(async (tx) => {
    const old = await revokeIn(tx, by, id, { regenerated: true });
    return old && storeKey(tx, by, old.name, old.access, { replaces: old.id });
  });
}

const TOUCH_INTERVAL_MS = 60_000;

/**
 * The team a key acts in, the role its maker has there now and what the key may do, or null for an unknown or revoked
 * key, or one whose maker is no longer a member. Touches last_used_at at most once a minute.
 */
export async function authenticateApiKey(key: string): Promise<(KeyHolder & { apiKeyId: string }) | null> {
  if (!/^pw_live_[0-9A-Za-z]{32}$/.test(key)) return null;
  const [found] = await db.$queryRaw<
    Array<{
      id: string;
      teamId: string;
      userId: string;
      access: ApiKeyAccess;
      revokedAt: Date | null;
      lastUsedAt: Date | null;
      role: TeamRole | null;
    }>
  >`
    SELECT k.id, k.team_id AS "teamId", k.user_id AS "userId", k.access::text AS access, k.revoked_at AS "revokedAt",
      k.last_used_at AS "lastUsedAt", m.role
    FROM api_keys k LEFT JOIN team_members m ON m.team_id = k.team_id AND m.user_id = k.user_id
    WHERE k.key_hash = ${hashApiKey(key)}`;
  if (!found || found.revokedAt || !found.role) return null;
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.apiKey.updateMany({
      where: { id: found.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - TOUCH_INTERVAL_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  return { teamId: found.teamId, userId: found.userId, role: found.role, keyAccess: found.access, apiKeyId: found.id };
}
