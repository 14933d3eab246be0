import { randomBytes } from "node:crypto";
import { text } from "node:stream/consumers";
import { beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { sharedDocument, type SharedDocument } from "../../links/shared-document";
import { createUser } from "../../users/create-user";
import { resolveAccess } from "../grants/access";
import { downloadableFile, type Downloader } from "./downloadable-file";
import { readableFileKey } from "./readable-file-key";
import { readablePage } from "./readable-page";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.code : error;
  }
  return "served";
};

let owner: { id: string; personalTeamId: string };
beforeEach(async () => {
  owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
});

describe("which stored file a browser may read", () => {
  it("gives a reader before the gate the preview only, never the original", async () => {
    const doc = sharedDocument(
      await createSampleDocument(owner, "Gated", 5, { email_gate: true, gate_type: "preview", gate_page: 3 }),
      null,
    );
    const before = resolveAccess(doc, {});
    expect(readableFileKey(doc, before, "preview")).toBe(doc.previewStorageKey);
    expect(refusal(() => readableFileKey(doc, before, "full"))).toBe("forbidden");
    expect(refusal(() => readableFileKey(doc, before, "anything"))).toBe("forbidden");
  });

  it("refuses a preview that no longer holds exactly the pages the stored settings allow", async () => {
    const doc = sharedDocument(
      await createSampleDocument(owner, "Moved", 5, { email_gate: true, gate_type: "preview", gate_page: 3 }),
      null,
    );
    const stale: SharedDocument = { ...doc, gatePage: 2 };
    expect(refusal(() => readableFileKey(stale, resolveAccess(stale, {}), "preview"))).toBe("forbidden");
  });

  it("gives the original to a browser holding every grant", async () => {
    const doc = sharedDocument(await createSampleDocument(owner, "Open", 3, { email_gate: false }), null);
    expect(readableFileKey(doc, resolveAccess(doc, {}), "full")).toBe(doc.storageKey);
  });

  it("refuses the original and the preview to every reader while downloads are off, but not to the owner's own preview", async () => {
    const open = sharedDocument(await createSampleDocument(owner, "Kept open", 3, { email_gate: false, allow_download: false }), null);
    expect(refusal(() => readableFileKey(open, resolveAccess(open, {}), "full"))).toBe("forbidden");
    expect(readableFileKey(open, resolveAccess(open, {}, true), "full")).toBe(open.storageKey);
    const gated = sharedDocument(
      await createSampleDocument(owner, "Kept gated", 5, { email_gate: true, gate_type: "preview", gate_page: 3, allow_download: false }),
      null,
    );
    expect(refusal(() => readableFileKey(gated, resolveAccess(gated, {}), "preview"))).toBe("forbidden");
  });
});

describe("which page image a browser may see", () => {
  it("shows pages before the gate, drawn or not yet, refuses those past it, and answers 404 for pages the document lacks", async () => {
    const doc = sharedDocument(
      await createSampleDocument(owner, "Pages", 5, { email_gate: true, gate_type: "preview", gate_page: 3 }),
      null,
    );
    const drawn = { ...doc, pageImages: 5 };
    const before = resolveAccess(doc, {});
    expect(readablePage(drawn, before, "2")).toBe(2);
    expect(refusal(() => readablePage(drawn, before, "3"))).toBe("forbidden");
    expect(refusal(() => readablePage(drawn, before, "6"))).toBe("not_found");
    expect(refusal(() => readablePage(drawn, before, "01"))).toBe("not_found");
    // Only page 1 is drawn at upload: page 2 is drawn when asked for.
    expect(readablePage(doc, before, "2")).toBe(2);
  });
});

describe("the downloaded file", () => {
  const reader = (userAgent: string | null): Downloader => ({
    address: "198.51.100.7",
    userAgent,
    browserId: () => Promise.resolve(randomBytes(12).toString("base64url")),
    mayAddViewer: () => Promise.resolve(true),
  });
  const downloads = (documentId: string) => db.download.count({ where: { documentId } });

  it("refuses while downloads are off, recording nothing", async () => {
    const doc = sharedDocument(await createSampleDocument(owner, "Kept", 2, { email_gate: false, allow_download: false }), null);
    const refused = await downloadableFile(doc, resolveAccess(doc, {}), reader("Mozilla/5.0")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("forbidden");
    expect(await downloads(doc.id)).toBe(0);
  });

  it("serves the original and records a reader's download, but not a bot's", async () => {
    const doc = sharedDocument(await createSampleDocument(owner, "Shared", 2, { email_gate: false, allow_download: true }), null);
    const access = resolveAccess(doc, {});
    const file = await downloadableFile(doc, access, reader("Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"));
    expect((await text(file.body)).startsWith("%PDF-")).toBe(true);
    expect(await downloads(doc.id)).toBe(1);
    const crawled = await downloadableFile(doc, access, reader("Googlebot/2.1 (+http://www.google.com/bot.html)"));
    crawled.body.destroy();
    expect(await downloads(doc.id)).toBe(1);
  });
});
