/**
 * Stamps every request with its client address (lib/http/client-address.ts), then starts the
 * in-process webhook and notification runner with the server (Node.js runtime only). With Inngest configured the runner only dispatches events and hands deliveries to Inngest.
 * Its leases make an abrupt stop safe: unfinished work is picked up again after a restart.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const [{ installClientAddressStamp }, { config }] = await Promise.all([import("./lib/request/client-address"), import("./lib/config")]);
  installClientAddressStamp(config().TRUST_PROXY);
  const { startRunner } = await import("./lib/jobs/runner");
  startRunner();
}
