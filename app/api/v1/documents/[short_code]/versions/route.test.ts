import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { contractChecker } from "@/test/support/api-contract";
import { createApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { openApiDocument } from "@/lib/contract/openapi-document";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { createUser } from "@/lib/users/create-user";
import { routeAt } from "@/test/support/api-route";

const versionFileRoute = routeAt("/api/v1/documents/{short_code}/versions/{number}/file");
const restoreRoute = routeAt("/api/v1/documents/{short_code}/versions/{number}/restore");
const versionsRoute = routeAt("/api/v1/documents/{short_code}/versions");

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const contract = contractChecker(openApiDocument());

async function call(
  handler: unknown,
  key: string,
  path: string,
  init: { method?: string; body?: FormData; params: Record<string, string> },
): Promise<{ status: number; json: Record<string, unknown> | null; bytes: Buffer }> {
  const req = new Request(`http://localhost:3000${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${key}`, [CLIENT_ADDRESS_HEADER]: stampFor("198.51.100.28") },
    ...(init.body && { body: init.body }),
  });
  const response = await (handler as Handler)(req, { params: Promise.resolve(init.params) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const text = type.includes("json") ? bytes.toString() : "";
  // Every answer, errors too, is one the OpenAPI document describes.
  if (type.includes("json") || response.status >= 400) {
    expect(() =>
      contract({ method: init.method ?? "GET", path, status: response.status, headers: Object.fromEntries(response.headers), body: text }),
    ).not.toThrow();
  }
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null, bytes };
}

const pdfForm = async (pages: number, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await samplePdf(pages, "Next"))], { type: "application/pdf" }), "deck-v2.pdf");
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  return form;
};

async function ownerWithKey(role: "owner" | "member" = "owner") {
  const owner = await createUser({ email: `versions-api-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Deck", 5, { email_gate: true, gate_page: 4 });
  let keyUser = owner;
  if (role === "member") {
    keyUser = await createUser({ email: `versions-member-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    await db.teamMember.create({ data: { teamId: owner.personalTeamId, userId: keyUser.id, role: "member" } });
  }
  const { key } = await createApiKey({ teamId: owner.personalTeamId, userId: keyUser.id }, "versions");
  return { owner, doc, key, code: `s-${doc.code}` };
}

describe("the versions API", () => {
  it("uploads a version (201, the single-document form with its version), lists, downloads any version and restores", async () => {
    const { doc, key, code } = await ownerWithKey("member");
    const base = `/api/v1/documents/${code}/versions`;
    const made = await call(versionsRoute.POST, key, base, { method: "POST", body: await pdfForm(3), params: { short_code: code } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      short_code: code,
      page_count: 3,
      version: 2,
      gate_page_clamped: { from: 4, to: 3, chosen: 4 },
      links_gate_page_clamped: [],
      gate_page_restored: null,
      links_gate_page_restored: [],
    });
    expect((made.json!.settings as { gate_page: number }).gate_page).toBe(3);

    const listed = await call(versionsRoute.GET, key, base, { params: { short_code: code } });
    expect(
      (listed.json!.versions as Array<{ number: number; is_current: boolean; original_filename: string }>).map((v) => [
        v.number,
        v.is_current,
        v.original_filename,
      ]),
    ).toEqual([
      [2, true, "deck-v2.pdf"],
      [1, false, doc.originalFilename],
    ]);

    const first = await call(versionFileRoute.GET, key, `${base}/1/file`, { params: { short_code: code, number: "1" } });
    expect(first.status).toBe(200);
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const restored = await call(restoreRoute.POST, key, `${base}/1/restore`, { method: "POST", params: { short_code: code, number: "1" } });
    expect(restored.status).toBe(200);
    // Version 1 has the page chosen for the gate: it stands there again.
    expect(restored.json).toMatchObject({
      version: 1,
      page_count: 5,
      gate_page_clamped: null,
      gate_page_restored: { from: 3, to: 4, chosen: 4 },
    });
    expect((restored.json!.settings as { gate_page: number }).gate_page).toBe(4);
  });

  it("refuses what is not a version upload and changes nothing: no file, settings fields, a non-PDF, unknown or malformed numbers", async () => {
    const { doc, key, code } = await ownerWithKey();
    const base = `/api/v1/documents/${code}/versions`;
    const params = { short_code: code };
    const empty = await call(versionsRoute.POST, key, base, { method: "POST", body: new FormData(), params });
    expect([empty.status, (empty.json!.error as { code: string }).code]).toEqual([400, "bad_request"]);
    const withFields = await call(versionsRoute.POST, key, base, { method: "POST", body: await pdfForm(2, { gate_page: "1" }), params });
    expect(withFields.status).toBe(400);
    const notPdf = new FormData();
    notPdf.append("file", new Blob(["hello"], { type: "application/pdf" }), "fake.pdf");
    expect((await call(versionsRoute.POST, key, base, { method: "POST", body: notPdf, params })).status).toBe(400);
    for (const number of ["0", "x", "99", "1.5"]) {
      expect(
        (await call(restoreRoute.POST, key, `${base}/${number}/restore`, { method: "POST", params: { ...params, number } })).status,
      ).toBe(404);
      expect((await call(versionFileRoute.GET, key, `${base}/${number}/file`, { params: { ...params, number } })).status).toBe(404);
    }
    expect((await call(restoreRoute.POST, key, `${base}/1/restore`, { method: "POST", params: { ...params, number: "1" } })).status).toBe(
      400,
    );
    const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect([row.version, row.pageCount, row.gatePage]).toEqual([1, 5, 4]);
    expect(await db.documentVersion.count({ where: { documentId: doc.id } })).toBe(1);
  });

  it("another team's key reaches none of a document's versions", async () => {
    const { code } = await ownerWithKey();
    const stranger = await ownerWithKey();
    const base = `/api/v1/documents/${code}/versions`;
    expect((await call(versionsRoute.GET, stranger.key, base, { params: { short_code: code } })).status).toBe(404);
    expect(
      (await call(versionsRoute.POST, stranger.key, base, { method: "POST", body: await pdfForm(2), params: { short_code: code } })).status,
    ).toBe(404);
    expect((await call(versionFileRoute.GET, stranger.key, `${base}/1/file`, { params: { short_code: code, number: "1" } })).status).toBe(
      404,
    );
  });
});
