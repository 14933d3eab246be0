import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createApiKey } from "../auth/api-keys";
import { createUser } from "../users/create-user";
import { openApiDocument } from "../contract/openapi-document";
import { type ApiMethod, routeAt } from "../../test/support/api-route";

type Json = Record<string, string>;

/** Values a client can put in a path segment that no id, code or number of ours can be. */
const HOSTILE = [
  "\u0000",
  "a\u0000b",
  "%00",
  "%",
  "x".repeat(10_000),
  "é",
  "日本語",
  "s-\u0000",
  "../..",
  " ",
  "\uFFFF",
  "-1",
  "1e3",
  "a@b\u0000",
];

/** Every operation the OpenAPI document publishes with a path parameter. */
const operations = Object.entries(openApiDocument().paths ?? {}).flatMap(([route, item]) => {
  const names = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return names.length ? Object.keys(item as object).map((method) => ({ method: method.toUpperCase(), route, names })) : [];
});

async function call(method: string, route: string, params: Json, body?: object): Promise<Response> {
  const handler = routeAt(route)[method as ApiMethod];
  const url = `http://localhost:3000${route.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!))}`;
  const req = new Request(url, {
    method,
    headers: { Authorization: authorization, ...(body && { "Content-Type": "application/json" }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  return handler(req, { params: Promise.resolve(params) });
}

let authorization: string;
let owner: { id: string; personalTeamId: string };
/** A key of its own: the rate limit counts each key's requests, and an operation sends up to 26. */
const newKey = async () =>
  (authorization = `Bearer ${(await createApiKey({ teamId: owner.personalTeamId, userId: owner.id }, "params")).key}`);
/** A real value for every parameter, so that each hostile value is met by the lookup it aims at. */
let real: (route: string) => Json;

beforeAll(async () => {
  const user = await createUser({ email: `params-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  owner = user;
  await newKey();
  const doc = await createSampleDocument(user, "Params", 2, { email_gate: false });
  const shortCode = `s-${doc.code}`;
  const json = async (response: Promise<Response>) => (await (await response).json()) as Json;
  const link = await json(call("POST", "/api/v1/documents/{short_code}/links", { short_code: shortCode }, { name: "Reader" }));
  const room = await json(call("POST", "/api/v1/rooms", {}, { name: "Params room" }));
  const folder = await json(call("POST", "/api/v1/rooms/{id}/folders", { id: room.id! }, { name: "Folder" }));
  const roomLink = await json(call("POST", "/api/v1/rooms/{id}/links", { id: room.id! }, { name: "Bidder" }));
  const group = await json(call("POST", "/api/v1/rooms/{id}/groups", { id: room.id! }, { name: "Bidders" }));
  await call("POST", "/api/v1/rooms/{id}/documents", { id: room.id! }, { short_code: shortCode });
  real = (route) => ({
    short_code: shortCode,
    number: "1",
    code: route.startsWith("/api/v1/rooms/") ? roomLink.code! : link.code!,
    id: room.id!,
    folder_id: folder.id!,
    group_id: group.id!,
    user_id: user.id,
    email: "reader@acme.com",
    // No answer exists: a well-formed id of none answers 404, so the hostile value is the only thing wrong.
    answer_id: randomUUID(),
  });
});

describe("every path parameter the API publishes", () => {
  it("covers the operations of the document (short codes, link and room link codes, versions, rooms, folders, groups, members, contacts, answers)", () => {
    expect(new Set(operations.flatMap((o) => o.names))).toEqual(
      new Set(["short_code", "number", "code", "id", "folder_id", "group_id", "user_id", "email", "answer_id"]),
    );
  });

  it.each(operations.map((o) => [`${o.method} ${o.route}`, o] as const))(
    "%s answers a NUL, an overlong, a percent-escaped or a non-ASCII value, one parameter at a time, in the error envelope and never with 5xx",
    async (_name, { method, route, names }) => {
      await newKey();
      for (const name of names) {
        for (const value of HOSTILE) {
          const body = method === "POST" || method === "PATCH" ? {} : undefined;
          const response = await call(method, route, { ...real(route), [name]: value }, body);
          const label = `${method} ${route} with ${name} = ${JSON.stringify(value.slice(0, 12))}`;
          expect(response.status, label).toBeLessThan(500);
          expect(response.status, label).toBeGreaterThanOrEqual(400);
          expect(((await response.json()) as { error?: { code?: string } }).error?.code, label).toBeTruthy();
        }
      }
    },
  );
});
