import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { samplePdf } from "@/scripts/lib/sample-pdf";
import { ownerAccess } from "@/test/support/fixtures";
import { config } from "@/lib/config";
import { uploadVersion } from "@/lib/versions/upload-version";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { GET } from "./route";

const session = vi.hoisted(() => ({ userId: "" }));
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => ({ user: { id: session.userId } }),
  signedInUser: async () => ({ id: session.userId, email: "someone@example.com", name: null, sessionId: null }),
}));

const thumbnail = (code: string, query: string) =>
  GET(new Request(`http://localhost:3000/api/dashboard/documents/${code}/pages/1${query}`), {
    params: Promise.resolve({ code, page: "1" }),
  });
const cacheOf = async (code: string, query: string) => {
  const response = await thumbnail(code, query);
  expect(response.status).toBe(200);
  return response.headers.get("Cache-Control");
};

let owner: Awaited<ReturnType<typeof createUser>>;
let doc: Document;

beforeAll(async () => {
  owner = await createUser({ email: `thumbs-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  session.userId = owner.id;
  doc = await createSampleDocument(owner, "Thumbs", 2, { email_gate: false });
});

describe("GET /api/dashboard/documents/[code]/pages/[page]", () => {
  it("lets the browser keep a page image only when asked for by the document's current version", async () => {
    expect(await cacheOf(doc.code, "?v=1")).toBe("private, max-age=3600");
    expect(await cacheOf(doc.code, "")).toBe("no-store");

    const file = path.join(config().DATA_DIR, `thumbs-${randomBytes(4).toString("hex")}.pdf`);
    const bytes = await samplePdf(3, "Second");
    await writeFile(file, bytes);
    try {
      await uploadVersion(ownerAccess(owner), doc.code, { path: file, size: bytes.length, filename: "second.pdf" });
    } finally {
      await rm(file, { force: true });
    }

    // A page asked for by the version before shows the new one: never kept under the old URL.
    expect(await cacheOf(doc.code, "?v=1")).toBe("no-store");
    expect(await cacheOf(doc.code, "?v=2")).toBe("private, max-age=3600");
  });
});
