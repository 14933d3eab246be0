import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { storage } from "@/lib/storage";
import { pageFileKey } from "@/lib/storage/document-keys";
import { createUser } from "@/lib/users/create-user";
import * as gateRoute from "@/app/s/[code]/gate/route";
import * as layersRoute from "@/app/s/[code]/pages/[page]/layers/route";

// One reader's cookie jar, what next/headers' cookies() reads and sets.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void jar.set(name, value),
  }),
  headers: async () => new Headers(),
}));

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const address = `203.0.113.${randomBytes(4).toString("hex")}`;
const call = (handler: unknown, url: string, params: Record<string, string>, init: RequestInit = {}) =>
  (handler as Handler)(
    new Request(`http://localhost:3000${url}`, {
      ...init,
      headers: { [CLIENT_ADDRESS_HEADER]: stampFor(address), "content-type": "application/json", ...init.headers },
    }),
    { params: Promise.resolve(params) },
  );

const LINK_OUT = { x: 0.1, y: 0.1, w: 0.3, h: 0.05, url: "https://example.com/what-page-5-says" };
const LINK_IN = { x: 0.1, y: 0.2, w: 0.3, h: 0.05, page: 4 };

describe("a page's links out before the gate", () => {
  it("are held back from a reader before the gate, as the preview held back every annotation, and sent once it is passed", async () => {
    jar.clear();
    const owner = await createUser({ email: `links-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    const doc = await createSampleDocument(owner, "Links", 5, { email_gate: true, gate_type: "preview", gate_page: 3 });
    // Page 1's stored layers name an address that says what a later page holds.
    const stored = Buffer.from(JSON.stringify({ page: 1, width: 612, height: 792, text: [], links: [LINK_OUT, LINK_IN] }));
    await storage().put(pageFileKey(doc.storageKey, 1, "layers"), stored, stored.length);
    const layers = () => call(layersRoute.GET, `/s/${doc.code}/pages/1/layers?version=${doc.version}`, { code: doc.code, page: "1" });

    const before = await layers();
    expect(before.status).toBe(200);
    const beforeText = await before.text();
    expect(beforeText).not.toContain("what-page-5-says");
    expect((JSON.parse(beforeText) as { links: unknown[] }).links).toEqual([LINK_IN]);

    const gate = await call(
      gateRoute.POST,
      `/s/${doc.code}/gate`,
      { code: doc.code },
      { method: "POST", body: JSON.stringify({ email: "reader@initech.com" }) },
    );
    expect(gate.status).toBe(200);
    // A copy revalidated with the tag from before the gate is not kept: the layers now differ.
    const after = await call(
      layersRoute.GET,
      `/s/${doc.code}/pages/1/layers?version=${doc.version}`,
      { code: doc.code, page: "1" },
      {
        headers: { "if-none-match": before.headers.get("etag")! },
      },
    );
    expect(after.status).toBe(200);
    expect((await after.json()) as unknown).toMatchObject({ links: [LINK_OUT, LINK_IN] });
  });
});
