import { createHash } from "node:crypto";

/** What a log line says instead of an email address: enough to match two lines, not to read it. */
export function emailHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 12);
}
