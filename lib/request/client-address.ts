import { randomBytes } from "node:crypto";
import { type IncomingMessage, Server } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

/**
 * Which address a request comes from, as limits count it. With `trustedHops` proxies in front
 * (TRUST_PROXY), each appends the address it was reached from to X-Forwarded-For, so the client is
 * the entry that many hops from the right; anything further left was written by the client. IPv6
 * clients get a /64 each (one subscriber's allocation), so rotating addresses inside it buys nothing.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The socket is hop 0; with fewer entries than hops, the furthest one is the best there is.
  const chain = [...forwarded, socketAddress ?? ""];
  const entry = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? "";
  return limitSubject(entry);
}

/** An address (maybe with a port, brackets or an IPv4-mapped prefix) → the key limits use. */
export function limitSubject(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Hextets(address).slice(0, 4).join(":")}::/64`;
  return "invalid";
}

function ipv6Hextets(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::") as [string, string | undefined];
  const parts = (side: string) => (side ? side.split(":") : []).flatMap((p) => (isIPv4(p) ? ipv4AsHextets(p) : [p]));
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((h) => (Number.parseInt(h, 16) || 0).toString(16));
}

function ipv4AsHextets(address: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

export const CLIENT_ADDRESS_HEADER = "x-pagewise-client-address";

/**
 * Route code reads the address from a request header, the only thing Next passes through. The
 * header's value carries a per-process secret, so a value a client sends itself (say, before the
 * stamp is installed while the server starts) is never taken for ours.
 */
const SECRET = Symbol.for("pagewise.client-address-secret");
const processSecret = (): string => {
  const store = globalThis as { [SECRET]?: string };
  store[SECRET] ??= randomBytes(16).toString("hex");
  return store[SECRET];
};

/** The header value that carries `address` in this process. */
export function stampFor(address: string): string {
  return `${processSecret()} ${address}`;
}

export function readClientAddress(headers: Headers): string {
  const value = headers.get(CLIENT_ADDRESS_HEADER) ?? "";
  const secret = processSecret();
  return value.startsWith(`${secret} `) ? value.slice(secret.length + 1) : "unknown";
}

const INSTALLED = Symbol.for("pagewise.client-address-stamp");

/**
 * Stamps every request this process serves with its client address before any handler sees it,
 * under `npm start`, a bare `next start` or any other server in the process alike (installed from
 * instrumentation.ts, which both run).
 */
export function installClientAddressStamp(trustedHops: number) {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      req.headers[CLIENT_ADDRESS_HEADER] = stampFor(
        resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedHops),
      );
    }
    return emit.apply(this, [event, ...args]);
  } as typeof proto.emit;
}
