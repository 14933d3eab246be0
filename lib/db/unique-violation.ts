/** Whether a Prisma call failed on a unique constraint (P2002): the row exists, e.g. after a race. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
