/** Set by the server (scripts/start.ts) on every request, overwriting anything a client sent. */
export const CLIENT_IP_HEADER = "x-pagewise-client-ip";

export function clientIp(req: Request): string {
  return req.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
