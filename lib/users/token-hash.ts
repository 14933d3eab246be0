import { createHash } from "node:crypto";

/** Lowercase hex SHA-256: emailed and shared tokens are stored only this way, so a copy of the database opens nothing. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
