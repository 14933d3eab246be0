import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import type { Duplex } from "node:stream";
import { config } from "../config";

/**
 * Webhook URLs must not reach our own network: loopback, private, link-local (cloud metadata),
 * CGNAT, multicast, reserved and unspecified addresses, IPv4 and IPv6, are refused at registration
 * and again for every connection (the agents below), so DNS rebinding cannot slip past the first check.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // IPv4-compatible (deprecated), `::` and `::1` among them: some stacks read `::7f00:1` as 127.0.0.1.
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList judges IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) by the IPv4 rules.
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

const allowPrivate = () => config().ALLOW_PRIVATE_WEBHOOK_URLS;

export class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    const what = host === address ? address : `${host} resolves to ${address},`;
    super(`${what} a private or reserved address; webhooks must reach the public internet`);
    this.name = "ForbiddenAddressError";
  }
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/** A problem with a webhook URL a person can fix, or null when it may be registered. */
export async function webhookUrlProblem(raw: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url must be an absolute URL, like https://example.com/webhooks/pagewise";
  }
  const httpAllowed = config().ALLOW_HTTP_WEBHOOKS;
  if (url.protocol !== "https:" && !(httpAllowed && url.protocol === "http:")) {
    return httpAllowed ? "url must use http or https" : "url must use https";
  }
  if (url.username || url.password) return "url must not contain credentials";
  if (allowPrivate()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  try {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    return bad ? new ForbiddenAddressError(host, bad.address).message : null;
  } catch {
    return `url host ${host} could not be resolved`;
  }
}

/** A `lookup` for HTTP agents that refuses forbidden addresses at connect time. */
function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number } | number,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  const opts = typeof options === "number" ? { family: options } : options;
  dnsLookup(hostname, { ...opts, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as LookupAddress[];
    if (!allowPrivate()) {
      const bad = list.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), "");
    }
    if (opts.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`No address for ${hostname}`), "");
    callback(null, first.address, first.family);
  });
}

type ConnectCallback = (error: Error | null, stream: Duplex) => void;

/**
 * Refuses a connection to a forbidden IP literal, before any socket exists. Node connects to an IP
 * literal without calling the agent's `lookup` — exactly when `isIP(host)` is not 0, the test made
 * here — so between the two every connection is checked: names in `lookup`, for each address they
 * resolve to, and literals here, in whatever form the URL spelled them (`2130706433`, `0x7f.1`,
 * `[::ffff:127.0.0.1]`: WHATWG URL has already written them as plain addresses).
 */
function refusedLiteral(options: http.ClientRequestArgs, callback: ConnectCallback | undefined): boolean {
  const host = options.host ?? "";
  if (allowPrivate() || isIP(host) === 0 || !isForbiddenAddress(host)) return false;
  callback?.(new ForbiddenAddressError(host, host), undefined as never);
  return true;
}

class GuardedHttpAgent extends http.Agent {
  override createConnection(options: http.ClientRequestArgs, callback?: ConnectCallback) {
    return refusedLiteral(options, callback) ? undefined : super.createConnection(options, callback);
  }
}

class GuardedHttpsAgent extends https.Agent {
  override createConnection(options: https.RequestOptions, callback?: ConnectCallback) {
    return refusedLiteral(options, callback) ? undefined : super.createConnection(options, callback);
  }
}

/**
 * Agents for requests to URLs a user chose: no connection to a forbidden address is ever opened,
 * checked before connecting (not on the socket's `connect`, when a SYN and a TLS hello have already
 * gone out).
 */
export const guardedAgents = {
  http: new GuardedHttpAgent({ keepAlive: false, lookup: guardedLookup as never }),
  https: new GuardedHttpsAgent({ keepAlive: false, lookup: guardedLookup as never }),
};
