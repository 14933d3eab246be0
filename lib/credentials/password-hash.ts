import { scrypt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { config } from "../config";
import { createHashingGate, type HashingGate } from "./hashing-gate";

/**
 * Passwords (accounts and documents) are hashed with argon2id at OWASP's first recommended
 * setting (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1), stored in PHC form
 * (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`). Hashes made before argon2id
 * (`scrypt$N$r$p$<salt>$<hash>`) still verify. Every hash and verification passes through one
 * bounded gate, so a flood of sign-ins cannot occupy the thread pool the rest of the app needs.
 */
const ARGON2ID_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is `const`, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2ID_OPTIONS.memoryCost},t=${ARGON2ID_OPTIONS.timeCost},p=${ARGON2ID_OPTIONS.parallelism}$`;

/**
 * Verified when there is no hash to check (unknown email, account without a password), so that
 * answering "no" costs exactly what a wrong password costs. Its password is random and unknown.
 */
const NOTHING_TO_MATCH = "$argon2id$v=19$m=19456,t=2,p=1$wLMRSJOiJ3NUgIlRUCxt1A$iY8XaQQFARZ/dXZm3Y9GB+1h8txOA0Va8L4cllvmzGI";

let gate: HashingGate | undefined;

function hashingGate(): HashingGate {
  gate ??= createHashingGate({ concurrency: config().PASSWORD_HASH_CONCURRENCY, queueLimit: config().PASSWORD_HASH_QUEUE_LIMIT });
  return gate;
}

// Unicode has several encodings of the same visible text; a password must match however it was typed.
const normalized = (password: string) => password.normalize("NFKC");

/** Throws HashingBusyError (503, Retry-After) when the gate is full. */
export function hashPassword(password: string): Promise<string> {
  return hashingGate().run(() => hash(normalized(password), ARGON2ID_OPTIONS));
}

/**
 * True when `password` matches `stored`. With `stored` null it still does a full verification
 * and answers false. Throws HashingBusyError (503, Retry-After) when the gate is full.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const target = stored ?? NOTHING_TO_MATCH;
  const matches = target.startsWith("scrypt$")
    ? await hashingGate().run(() => verifyScrypt(normalized(password), target))
    : target.startsWith("$argon2")
      ? await hashingGate().run(() => verify(target, normalized(password)).catch(() => false))
      : false;
  return stored !== null && matches;
}

/** A stored hash made with another algorithm or other parameters is replaced at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

// ── scrypt hashes made before argon2id (N=2^15, r=8, p=1) ──────────────────

const SCRYPT_KEY_LENGTH = 32;

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expectedHash] = stored.split("$");
  if (!n || !r || !p || !salt || !expectedHash) return Promise.resolve(false);
  const expected = Buffer.from(expectedHash, "base64");
  const N = Number(n);
  const R = Number(r);
  return new Promise((resolve) =>
    scrypt(password, Buffer.from(salt, "base64"), SCRYPT_KEY_LENGTH, { N, r: R, p: Number(p), maxmem: 128 * N * R * 2 }, (error, actual) =>
      resolve(!error && actual.length === expected.length && timingSafeEqual(actual, expected)),
    ),
  );
}
