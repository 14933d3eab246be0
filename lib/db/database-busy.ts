/**
 * Whether a query failed because every database connection stayed busy past the wait allowed: the
 * pool's own timeout (pg), Prisma's pool timeout (P2024) or a transaction that could not start in
 * time (P2028). Overload, not a fault: answered 503 "try again", never 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "P2024" || code === "P2028") return true;
  // pg-pool: no connection freed in time, or a new one not opened in time.
  return (
    typeof message === "string" &&
    (message.includes("timeout exceeded when trying to connect") || message.includes("due to connection timeout"))
  );
}
