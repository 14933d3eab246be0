import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { teamAccess } from "@/test/support/fixtures";
import { db } from "@/lib/db/client";
import { listVersions } from "@/lib/versions/list-versions";
import type { Document } from "@/lib/generated/prisma/client";
import { createLink } from "@/lib/links/create-link";
import { createUser } from "@/lib/users/create-user";
import { POST } from "./route";

// The signed-in member: next-auth's session needs a request scope vitest does not have.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => (session.userId ? { user: { id: session.userId } } : null),
  signedInUser: async () => (session.userId ? { id: session.userId, email: "someone@example.com", name: null, sessionId: null } : null),
}));

type User = Awaited<ReturnType<typeof createUser>>;
const newUser = (name: string) => createUser({ email: `${name}-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });

function uploadVersion(code: string, file: { bytes: Buffer; name?: string } | null) {
  const form = new FormData();
  if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: "application/pdf" }), file.name ?? "deck-v2.pdf");
  const req = new Request(`http://localhost:3000/api/dashboard/documents/${code}/versions`, { method: "POST", body: form });
  return POST(req, { params: Promise.resolve({ code }) });
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

let owner: User, member: User, stranger: User;

beforeAll(async () => {
  [owner, member, stranger] = await Promise.all([newUser("owner"), newUser("member"), newUser("stranger")]);
  await db.teamMember.create({ data: { teamId: owner.personalTeamId, userId: member.id, role: "member" } });
});

beforeEach(() => {
  session.userId = member.id;
});

/** A document that is still at its first version, as the history and the row say. */
async function expectUnchanged(doc: Document) {
  const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
  expect([row.version, row.pageCount, row.storageKey]).toEqual([1, doc.pageCount, doc.storageKey]);
  expect((await listVersions(owner.personalTeamId, doc.code)).versions.map((v) => v.number)).toEqual([1]);
}

describe("POST /api/dashboard/documents/[code]/versions", () => {
  it("makes a member's file the current version and says which gates its page count moved, naming each link", async () => {
    const doc = await createSampleDocument(owner, "Deck", 8, { gate_page: 6 });
    await createLink(teamAccess(owner.personalTeamId, owner.id, "owner"), doc, { name: "Investors", settings: { gate_page: 7 } });

    const response = await uploadVersion(doc.code, { bytes: await samplePdf(4, "Shorter") });

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      number: 2,
      page_count: 4,
      gate_page_clamped: { from: 6, to: 4, chosen: 6 },
      links_gate_page_clamped: [{ name: "Investors", from: 7, to: 4, chosen: 7 }],
      gate_page_restored: null,
      links_gate_page_restored: [],
    });
    const { versions } = await listVersions(owner.personalTeamId, doc.code);
    expect(versions.map((v) => [v.number, v.page_count, v.original_filename, v.is_current, v.created_by?.user_id])).toEqual([
      [2, 4, "deck-v2.pdf", true, member.id],
      [1, 8, "deck.pdf", false, owner.id],
    ]);
  });

  it("answers with no moved gates when the new file is long enough", async () => {
    const doc = await createSampleDocument(owner, "Long enough", 3, { gate_page: 2 });
    const response = await uploadVersion(doc.code, { bytes: await samplePdf(5, "Longer") });
    expect(await response.json()).toEqual({
      number: 2,
      page_count: 5,
      gate_page_clamped: null,
      links_gate_page_clamped: [],
      gate_page_restored: null,
      links_gate_page_restored: [],
    });
  });

  it("refuses a file that is not a PDF with the reason in the error envelope, and the document keeps its version", async () => {
    const doc = await createSampleDocument(owner, "Kept", 3);
    const response = await uploadVersion(doc.code, { bytes: Buffer.from("<html>not a pdf</html>"), name: "notes.pdf" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await errorOf(response)).message).toMatch(/not a PDF/);
    await expectUnchanged(doc);
  });

  it("asks for the file when none is attached", async () => {
    const doc = await createSampleDocument(owner, "No file", 2);
    const response = await uploadVersion(doc.code, null);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "bad_request", message: "Choose a PDF to upload as the new version." });
    await expectUnchanged(doc);
  });

  it("finds nothing for another team's member (404) and for nobody signed in (401), and changes nothing", async () => {
    const doc = await createSampleDocument(owner, "Not theirs", 2);
    session.userId = stranger.id;
    expect((await uploadVersion(doc.code, { bytes: await samplePdf(1) })).status).toBe(404);
    session.userId = null;
    const signedOut = await uploadVersion(doc.code, { bytes: await samplePdf(1) });
    expect([signedOut.status, (await errorOf(signedOut)).code]).toEqual([401, "unauthorized"]);
    await expectUnchanged(doc);
  });
});
