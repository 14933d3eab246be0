import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { body: string; headers: IncomingMessage["headers"]; at: number };
/** `body`: what the response carries ("ok" unless told). */
type Answer = { status: number; delayMs?: number; body?: string | Buffer };
/** How to answer a request; a promise holds the answer back until it settles (the sender waits meanwhile). */
type Behaviour = (request: Received) => Answer | Promise<Answer>;

/** A real HTTP receiver on loopback that records every request and answers as told. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })) {
  const received: Received[] = [];
  let answer = behaviour;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = { body: Buffer.concat(chunks).toString("utf8"), headers: req.headers, at: Date.now() };
      received.push(request);
      void Promise.resolve(answer(request)).then(({ status, delayMs = 0, body = "ok" }) =>
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(status, { "Content-Type": "text/plain" }).end(body);
        }, delayMs),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Parsed JSON bodies of what arrived. */
    events: () =>
      received.map((r) => JSON.parse(r.body) as { id: string; event: string; created_at: string; data: Record<string, unknown> }),
    respondWith(next: Behaviour) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
