import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { postSigned } from "./post-signed";
import { webhookUrlProblem } from "./ssrf-guard";

// A receiver on loopback, IPv4 and IPv6 (`::` takes both), that counts connections, not requests:
// a refused delivery must not even open one.
let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200).end("ok"));
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "::", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connections = 0;
});

afterEach(() => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "true";
  reloadConfig();
});

const allowPrivate = (allowed: boolean) => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = String(allowed);
  reloadConfig();
};

/** The receiver's address as a URL may spell it: each is an IP literal once WHATWG URL has read it. */
const literalForms = () => [
  `http://127.0.0.1:${port}/hooks`,
  `https://127.0.0.1:${port}/hooks`,
  `http://127.1:${port}/hooks`,
  `http://2130706433:${port}/hooks`,
  `http://0x7f000001:${port}/hooks`,
  `http://0x7f.0.0.1:${port}/hooks`,
  `http://0177.0.0.1:${port}/hooks`,
  `http://0.0.0.0:${port}/hooks`,
  `http://[::1]:${port}/hooks`,
  `https://[::1]:${port}/hooks`,
  `http://[::]:${port}/hooks`,
  `http://[::ffff:127.0.0.1]:${port}/hooks`,
  `http://[0:0:0:0:0:ffff:7f00:1]:${port}/hooks`,
];

describe("a webhook delivery to an IP literal, with ALLOW_PRIVATE_WEBHOOK_URLS off", () => {
  it("opens no connection to a loopback receiver, however the URL spells its address", async () => {
    allowPrivate(false);
    for (const url of literalForms()) {
      const outcome = await postSigned(url, "{}", "whsec_x");
      expect([url, outcome.ok, outcome.status, outcome.error]).toEqual([url, false, null, expect.stringMatching(/private or reserved/)]);
    }
    expect(connections).toBe(0);
  });

  it("is refused at registration too, in every one of those forms", async () => {
    allowPrivate(false);
    for (const url of literalForms())
      expect([url, await webhookUrlProblem(url)]).toEqual([url, expect.stringMatching(/private or reserved/)]);
  });

  it("reaches that receiver in every form once ALLOW_PRIVATE_WEBHOOK_URLS is on (control: the forms above do point at it)", async () => {
    allowPrivate(true);
    for (const url of literalForms()) {
      const before = connections;
      const outcome = await postSigned(url, "{}", "whsec_x");
      // The https forms fail on a plain-HTTP receiver, after connecting to it.
      if (url.startsWith("http:")) expect([url, outcome.status]).toEqual([url, 200]);
      expect([url, connections]).toEqual([url, before + 1]);
    }
  });
});
