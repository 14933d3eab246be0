import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, installClientAddressStamp, limitSubject, readClientAddress, resolveClientAddress } from "./client-address";

describe("the client address", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "198.51.100.1, 10.0.0.2", 0)).toBe("203.0.113.9");
  });

  it("is the entry as many hops from the right as there are trusted proxies", () => {
    // client wrote "6.6.6.6"; the first proxy appended the real client, the second proxy the first.
    const forwarded = "6.6.6.6, 198.51.100.7, 10.0.0.2";
    expect(resolveClientAddress("10.0.0.3", forwarded, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.3", forwarded, 2)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.3", ["6.6.6.6, 198.51.100.7", "10.0.0.2"], 2)).toBe("198.51.100.7");
  });

  it("is the furthest entry when the chain is shorter than the trusted hops", () => {
    expect(resolveClientAddress("10.0.0.3", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.3", undefined, 1)).toBe("10.0.0.3");
  });

  it("groups IPv6 clients by /64 and unwraps IPv4-mapped addresses, ports and brackets", () => {
    expect(limitSubject("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(limitSubject("2001:db8:abcd:12::ffff")).toBe("2001:db8:abcd:12::/64");
    expect(limitSubject("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(limitSubject("[2001:db8:abcd:12::9]:443")).toBe("2001:db8:abcd:12::/64");
    expect(limitSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(limitSubject("::ffff:192.0.2.4")).toBe("192.0.2.4");
    expect(limitSubject("192.0.2.4:5678")).toBe("192.0.2.4");
    expect(limitSubject("::1")).toBe("0:0:0:0::/64");
  });

  it("is one shared 'invalid' bucket for anything that is not an address", () => {
    expect(limitSubject("not-an-ip")).toBe("invalid");
    expect(resolveClientAddress("10.0.0.3", "<script>", 1)).toBe("invalid");
  });
});

describe("the stamp on a real HTTP server", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    installClientAddressStamp(1);
    server = createServer((req, res) => {
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      res.end(readClientAddress(headers));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("overwrites an address header the client sends itself", async () => {
    const response = await fetch(url, { headers: { [CLIENT_ADDRESS_HEADER]: "1.2.3.4", "x-forwarded-for": "6.6.6.6, 198.51.100.7" } });
    expect(await response.text()).toBe("198.51.100.7");
  });

  it("never trusts a header value that lacks this process's secret", () => {
    expect(readClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "1.2.3.4" }))).toBe("unknown");
  });
});
