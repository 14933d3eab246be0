import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { db } from "@/lib/db/client";
import type { Document } from "@/lib/generated/prisma/client";
import { createUser } from "@/lib/users/create-user";
import { resolveAccess } from "@/lib/viewer/grants/access";
import { findPublicDocument } from "@/lib/viewer/doors/find-public-document";
import { earlyMarkGate, pageWatermarkGate } from "@/lib/viewer/files/page-watermark-gate";
import { ReaderBrowser } from "@/test/support/reader-browser";
import * as pageRoute from "@/app/s/[code]/pages/[page]/route";
import { beginFirstPageMark } from "@/lib/http/first-page-mark";

vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

// Every mark drawn, counted, and drawn as it would be once `held` (when a test holds it) is let go.
const drawings = vi.hoisted(() => ({ count: 0, held: Promise.resolve() }));
vi.mock("@/lib/viewer/files/draw-page-watermark", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/viewer/files/draw-page-watermark")>();
  return {
    drawPageWatermark: async (...args: Parameters<typeof original.drawPageWatermark>) => {
      drawings.count++;
      await drawings.held;
      return original.drawPageWatermark(...args);
    },
  };
});

/** Holds every mark's drawing until the returned function lets them go. */
function holdDrawings(): () => void {
  let release = () => {};
  drawings.held = new Promise<void>((resolve) => (release = resolve));
  return release;
}

let owner: { id: string; personalTeamId: string };
beforeEach(async () => {
  owner = await createUser({ email: `first-mark-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  drawings.count = 0;
});

async function documentMarked(watermark: string | null) {
  const doc = await createSampleDocument(owner, "Marked pages", 2, { email_gate: false });
  return db.document.update({ where: { id: doc.id }, data: { watermark } });
}

/** What the share page does as it renders for `reader`: the document it found and the reader's access. */
async function sharePageRendered(doc: Document, reader: ReaderBrowser) {
  const found = await findPublicDocument(doc.code);
  if (found.state !== "active") throw new Error(`the share code is ${found.state}`);
  beginFirstPageMark(found.doc, resolveAccess(found.doc, {}), reader.address);
}

const pageImage = (reader: ReaderBrowser, doc: Document, page: number, width = 1280) =>
  reader.call(pageRoute.GET, `/s/${doc.code}/pages/${page}?version=${doc.version}&w=${width}`, { code: doc.code, page: String(page) });

describe("a watermarked reader's page 1, begun as the share page renders", () => {
  it("is drawn before the browser asks for it, and the image's request joins that drawing: one mark, not two", async () => {
    const doc = await documentMarked("Confidential · {ip}");
    const reader = new ReaderBrowser();
    await sharePageRendered(doc, reader);
    await vi.waitFor(() => expect(drawings.count).toBe(1));

    const { status, response } = await pageImage(reader, doc, 1);
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(drawings.count).toBe(1);
    expect(pageWatermarkGate().load()).toEqual({ running: 0, waiting: 0 });
  });

  it("is not begun for an unwatermarked document, nor for another page", async () => {
    const doc = await documentMarked(null);
    const reader = new ReaderBrowser();
    await sharePageRendered(doc, reader);
    expect((await pageImage(reader, doc, 1)).status).toBe(200);

    const marked = await documentMarked("Confidential · {ip}");
    await sharePageRendered(marked, reader);
    await vi.waitFor(() => expect(drawings.count).toBe(1));
    expect((await pageImage(reader, marked, 2)).status).toBe(200);
    expect(drawings.count).toBe(2);
  });

  it("does not hold up a phone that asks for another width: the 640 px image is drawn while the 1280 px guess still is", async () => {
    const doc = await documentMarked("Confidential · {ip}");
    const reader = new ReaderBrowser();
    const release = holdDrawings();
    try {
      await sharePageRendered(doc, reader);
      await vi.waitFor(() => expect(earlyMarkGate().load()).toEqual({ running: 1, waiting: 0 }));
      expect(pageWatermarkGate().load()).toEqual({ running: 0, waiting: 0 });
      drawings.held = Promise.resolve();

      const phone = await pageImage(reader, doc, 1, 640);
      expect(phone.status).toBe(200);
      expect(drawings.count).toBe(2);
      expect(earlyMarkGate().load().running).toBe(1);
    } finally {
      release();
    }
    await vi.waitFor(() => expect(earlyMarkGate().load()).toEqual({ running: 0, waiting: 0 }));
  });

  it("begins one guess at a time in the process: a second reader's share page, meanwhile, begins none", async () => {
    const doc = await documentMarked("Confidential · {ip}");
    const release = holdDrawings();
    try {
      await sharePageRendered(doc, new ReaderBrowser());
      await vi.waitFor(() => expect(drawings.count).toBe(1));
      await sharePageRendered(doc, new ReaderBrowser());
      expect(earlyMarkGate().load()).toEqual({ running: 1, waiting: 0 });
    } finally {
      release();
    }
    await vi.waitFor(() => expect(earlyMarkGate().load()).toEqual({ running: 0, waiting: 0 }));
    expect(drawings.count).toBe(1);
  });
});
