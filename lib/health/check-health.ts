import { db } from "../db/client";

export type Health = { status: "ok" | "error"; database: "ok" | "unreachable" };

const TIMEOUT_MS = 3_000;

/** Whether the app can reach its database, answered within a few seconds either way. */
export async function checkHealth(): Promise<Health> {
  const probe = db.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), TIMEOUT_MS).unref());
  const reachable = await Promise.race([probe, timeout]);
  return reachable ? { status: "ok", database: "ok" } : { status: "error", database: "unreachable" };
}
