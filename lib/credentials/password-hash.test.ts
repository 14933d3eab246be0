import { describe, expect, it, vi } from "vitest";
import { argon2Calls, resetArgon2Calls } from "../../test/support/counted-argon2";
import { legacyScryptHash } from "../../test/support/legacy-password-hash";
import { config } from "../config";
import { HashingBusyError } from "./hashing-gate";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash";

vi.mock("@node-rs/argon2", async (real) => (await import("../../test/support/counted-argon2")).counted(await real()));

describe("password hashing", () => {
  it("stores argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane) in PHC form", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("matches a password however its Unicode was composed", async () => {
    const composed = "caf\u00e9 au lait";
    const decomposed = "cafe\u0301 au lait";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("keeps verifying scrypt hashes made before argon2id, and marks them for rehashing", async () => {
    const legacy = await legacyScryptHash("an old password");
    expect(legacy).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("an old password", legacy)).toBe(true);
    expect(await verifyPassword("another password", legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it("marks argon2 hashes with other parameters for rehashing", () => {
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g")).toBe(true);
    expect(needsRehash("$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g")).toBe(true);
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "$argon2id$garbage")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1$2")).toBe(false);
  });

  it("with nothing stored, still runs a full argon2id verification and answers no", async () => {
    resetArgon2Calls();
    expect(await verifyPassword("anything at all", null)).toBe(false);
    expect(argon2Calls.verify).toBe(1);
  });

  it("refuses, rather than queues, what the gate cannot hold: a burst gets exactly concurrency + queue verifications", async () => {
    const { PASSWORD_HASH_CONCURRENCY: concurrency, PASSWORD_HASH_QUEUE_LIMIT: queue } = config();
    const stored = await hashPassword("burst");
    // All calls reach the gate in this tick, before any hash can finish.
    const burst = await Promise.allSettled(Array.from({ length: concurrency + queue + 5 }, () => verifyPassword("burst", stored)));
    const refused = burst.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(5);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HashingBusyError);
    expect(burst.filter((r) => r.status === "fulfilled" && r.value === true)).toHaveLength(concurrency + queue);
  });
});
