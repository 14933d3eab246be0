import { createHash } from "node:crypto";
import { db } from "../db/client";
import { newApiKey } from "../ids";

/**
 * API keys: `pw_live_` + 32 base62 characters. Only the SHA-256 hash and the last 4 characters are
 * stored, so a key is shown once, when it is created or regenerated.
 */

export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

export type ApiKeySummary = {
  id: string;
  name: string;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const summary = { id: true, name: true, last4: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export async function createApiKey(userId: string, name = "Default"): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const key = newApiKey();
  const apiKey = await db.apiKey.create({
    // A name is only a label: characters PostgreSQL cannot store are dropped rather than refused.
    data: { userId, name: name.replaceAll("\u0000", "").trim().slice(0, 100) || "Default", keyHash: hashApiKey(key), last4: key.slice(-4) },
    select: summary,
  });
  return { key, apiKey };
}

export function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  return db.apiKey.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: summary });
}

/** Revokes a key at once; returns false when the account has no such key. */
export async function revokeApiKey(userId: string, id: string): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({
    where: { id, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count === 1;
}

/** Revokes a key and issues a new one with the same name, in one transaction. */
export async function regenerateApiKey(userId: string, id: string): Promise<{ key: string; apiKey: ApiKeySummary } | null> {
  const key = newApiKey();
  return db.$transaction(async (tx) => {
    const old = await tx.apiKey.findFirst({ where: { id, userId, revokedAt: null } });
    if (!old) return null;
    await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    const apiKey = await tx.apiKey.create({
      data: { userId, name: old.name, keyHash: hashApiKey(key), last4: key.slice(-4) },
      select: summary,
    });
    return { key, apiKey };
  });
}

const TOUCH_INTERVAL_MS = 60_000;

/** The account a key belongs to, or null for an unknown or revoked key. Touches last_used_at at most once a minute. */
export async function authenticateApiKey(key: string): Promise<{ userId: string; apiKeyId: string } | null> {
  if (!/^pw_live_[0-9A-Za-z]{32}$/.test(key)) return null;
  const found = await db.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    select: { id: true, userId: true, revokedAt: true, lastUsedAt: true },
  });
  if (!found || found.revokedAt) return null;
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.apiKey.updateMany({
      where: { id: found.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - TOUCH_INTERVAL_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  return { userId: found.userId, apiKeyId: found.id };
}
