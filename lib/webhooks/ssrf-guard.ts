import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { config } from "../config";

/**
 * Webhook URLs must not reach our own network: loopback, private, link-local (cloud metadata),
 * CGNAT, multicast, reserved and unspecified addresses, IPv4 and IPv6, are refused at registration
 * and again when connecting (the lookup below), so DNS rebinding cannot slip past the first check.
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
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
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
    super(`${host} resolves to ${address}, a private or reserved address; webhooks must reach the public internet`);
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
export function guardedLookup(
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
