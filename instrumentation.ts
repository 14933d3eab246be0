/**
 * Starts the in-process webhook and notification runner with the server (Node.js runtime only).
 * With Inngest configured the runner only dispatches events and hands deliveries to Inngest.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startRunner } = await import("./lib/webhooks/runner");
  const stop = startRunner();
  process.once("SIGTERM", () => void stop());
}
