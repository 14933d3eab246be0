import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { rateLimitWindow } from "../../rate-limit";
import { databaseUrl } from "../../config";
import { db } from "../../db/client";
import { newViewerPublicId } from "../../ids";
import type { Document } from "../../generated/prisma/client";
import { sharedDocument, type SharedDocument } from "../../links/shared-document";
import { setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { resolveAccess } from "../grants/access";
import { ingestNow } from "../../../test/support/ingest-now";
import {
  DOWNLOAD_REPEAT_SECONDS,
  GATE_NEW_READERS_PER_ADDRESS_PER_HOUR,
  NEW_VIEWERS_PER_ADDRESS_PER_HOUR,
  newViewerAllowance,
  newViewerLimit,
  VIEWER_LIMITS,
  type ViewerDoor,
} from "./limits";
import { openDoor } from "./open-door";
import { passGate } from "../grants/pass-gate";
import { PASSWORD_FAILURES, tryDocumentPassword } from "../grants/password-attempts";
import { hashPassword } from "../../credentials/password-hash";
import { recordDownload } from "../tracking/record-download";
import { isCrossSite } from "../../http/with-share-link";

const open = resolveAccess({ passwordHash: null, emailGate: false, link: null } as SharedDocument, {});
const browser = () => randomBytes(12).toString("base64url");
const batch = (page = 1) => ({ batch_id: `b_${randomBytes(8).toString("hex")}`, pages: [{ page, seconds: 2 }] });
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomBytes(3).toString("hex")}`;

let doc: Document;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Doors", 3, { email_gate: false });
});
afterEach(() => setClockOffset(0));

describe("the limit of each public door", () => {
  /** Fills the current window up to one below the limit, so the boundary is checked exactly. */
  const at = new Date();
  async function fillWindow(door: ViewerDoor, key: string, count: number) {
    const { start, end } = rateLimitWindow(at, VIEWER_LIMITS[door].windowSeconds);
    await db.rateLimitWindow.create({ data: { key: `${door}:${key}`, windowStart: start, expiresAt: end, count } });
  }

  for (const door of Object.keys(VIEWER_LIMITS) as ViewerDoor[]) {
    const { perAddress, perDocument, windowSeconds } = VIEWER_LIMITS[door];
    it(`${door}: allows ${perAddress} requests per address a minute, then refuses the next with a retry time without looking the link up`, async () => {
      const from = address();
      await fillWindow(door, `address:${from}`, perAddress - 1);
      const last = await openDoor(door, doc.code, from, at);
      expect(last.byAddress).toMatchObject({ allowed: true, remaining: 0, limit: perAddress });
      expect(last.found).toEqual({
        state: "active",
        doc: sharedDocument(await db.document.findUniqueOrThrow({ where: { id: doc.id } }), null),
      });
      const refused = await openDoor(door, doc.code, from, at);
      expect(refused.byAddress.allowed).toBe(false);
      expect(refused.byAddress.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.byAddress.retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(refused.found).toBeUndefined();
      // Another address has its own count, and so do unknown links.
      expect((await openDoor(door, doc.code, address(), at)).byAddress.remaining).toBe(perAddress - 1);
      const unknown = await openDoor(door, "zzzzzzzzzz", address(), at);
      expect(unknown.found).toEqual({ state: "missing" });
      expect(unknown.byDocument).toBeUndefined();
    });

    if (perDocument === null) {
      it(`${door}: has no per-document budget, so no number of addresses can shut it for everyone`, async () => {
        await fillWindow(door, `document:${doc.id}`, 1_000_000);
        const opened = await openDoor(door, doc.code, address(), at);
        expect(opened.byAddress.allowed).toBe(true);
        expect(opened.byDocument).toBeUndefined();
      });
    } else {
      it(`${door}: allows ${perDocument} requests per document a minute from any addresses, then refuses the next`, async () => {
        await fillWindow(door, `document:${doc.id}`, perDocument - 1);
        expect((await openDoor(door, doc.code, address(), at)).byDocument).toMatchObject({
          allowed: true,
          remaining: 0,
          limit: perDocument,
        });
        const refused = await openDoor(door, doc.code, address(), at);
        expect(refused.byAddress.allowed).toBe(true);
        expect(refused.byDocument?.allowed).toBe(false);
      });

      it(`${door}: never counts a browser holding a grant for the document against its per-document budget`, async () => {
        await fillWindow(door, `document:${doc.id}`, perDocument + 10);
        const holder = await openDoor(door, doc.code, address(), at, doc.id);
        expect(holder.found?.state).toBe("active");
        expect(holder.byDocument).toBeUndefined();
        // A grant for another document is no pass here.
        expect((await openDoor(door, doc.code, address(), at, randomUUID())).byDocument?.allowed).toBe(false);
      });
    }
  }

  it("answers a deleted document's link as gone, without counting it per document", async () => {
    await db.document.update({ where: { id: doc.id }, data: { deletedAt: new Date() } });
    const gone = await openDoor("track", doc.code, address(), at);
    expect(gone.found).toEqual({ state: "gone" });
    expect(gone.byDocument).toBeUndefined();
    expect(await db.rateLimitWindow.count({ where: { key: `track:document:${doc.id}` } })).toBe(0);
  });
});

describe("new readers per address per document", () => {
  it(`records ${NEW_VIEWERS_PER_ADDRESS_PER_HOUR} new readers from one address in an hour, then answers without recording anything`, async () => {
    const from = address();
    for (let i = 0; i < NEW_VIEWERS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await ingestNow(doc, open, browser(), batch(), newViewerLimit(doc.id, from))).applied).toBe(true);
    }
    const before = { viewers: await db.viewer.count(), visits: await db.visit.count(), events: await db.event.count() };
    expect(before.viewers).toBe(NEW_VIEWERS_PER_ADDRESS_PER_HOUR);

    expect(await ingestNow(doc, open, browser(), batch(), newViewerLimit(doc.id, from))).toEqual({
      visit_id: null,
      applied: false,
      version: 1,
    });
    expect({ viewers: await db.viewer.count(), visits: await db.visit.count(), events: await db.event.count() }).toEqual(before);
  });

  it("still records readers it already knows, and readers from other addresses", async () => {
    const from = address();
    const known = browser();
    await ingestNow(doc, open, known, batch(), newViewerLimit(doc.id, from));
    for (let i = 1; i < NEW_VIEWERS_PER_ADDRESS_PER_HOUR + 5; i++)
      await ingestNow(doc, open, browser(), batch(), newViewerLimit(doc.id, from));
    expect((await ingestNow(doc, open, known, batch(2), newViewerLimit(doc.id, from))).applied).toBe(true);
    expect((await ingestNow(doc, open, browser(), batch(), newViewerLimit(doc.id, address()))).applied).toBe(true);
  });

  it("never stops the gate from recording: a reader who typed an email after 30 cookie-less beacons from their address is a lead", async () => {
    const from = address();
    for (let i = 0; i < NEW_VIEWERS_PER_ADDRESS_PER_HOUR + 1; i++)
      await ingestNow(doc, open, browser(), batch(), newViewerLimit(doc.id, from));
    const passed = await passGate(doc, { email: "reader@acme.com" }, browser(), from);
    expect(passed).toMatchObject({ email: "reader@acme.com", leadCreated: true });
    expect(passed.viewerId).not.toBe("");
    expect(await db.lead.count({ where: { documentId: doc.id, email: "reader@acme.com" } })).toBe(1);
    expect(await db.event.count({ where: { documentId: doc.id, type: "lead.captured" } })).toBe(1);
  });

  it(`refuses the gate (429) rather than open it unrecorded, past ${GATE_NEW_READERS_PER_ADDRESS_PER_HOUR} new emails from one address in an hour`, async () => {
    const from = address();
    const { start, end } = rateLimitWindow(new Date(), 3600);
    await db.rateLimitWindow.create({
      data: { key: `gate:new:${doc.id}:${from}`, windowStart: start, expiresAt: end, count: GATE_NEW_READERS_PER_ADDRESS_PER_HOUR },
    });
    const refused = await passGate(doc, { email: "one-more@acme.com" }, browser(), from).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(0);
    // An email the document already knows is no new reader; another address has its own allowance.
    await passGate(doc, { email: "known@acme.com" }, browser(), address());
    expect((await passGate(doc, { email: "known@acme.com" }, browser(), from)).email).toBe("known@acme.com");
  });

  it("records one viewer and one lead for ten parallel passes of one new email, and answers all of them", async () => {
    const reader = browser();
    const passes = await Promise.allSettled(Array.from({ length: 10 }, () => passGate(doc, { email: "rush@acme.com" }, reader, address())));
    expect(passes.map((pass) => pass.status)).toEqual(Array(10).fill("fulfilled"));
    expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(1);
    expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(1);
    expect(await db.event.count({ where: { documentId: doc.id, type: "lead.captured" } })).toBe(1);
  });
  it("passes the gate of a browser whose first beacon is recorded while the pass is under way, as that browser's viewer", async () => {
    const reader = browser();
    // The beacon's transaction has inserted this browser's anonymous viewer and not committed yet.
    const beacon = new pg.Client({ connectionString: databaseUrl() });
    await beacon.connect();
    try {
      await beacon.query("BEGIN");
      await beacon.query(
        "INSERT INTO viewers (id, public_id, document_id, browser_id, created_at) VALUES (gen_random_uuid(), $1, $2, $3, now())",
        [newViewerPublicId(), doc.id, reader],
      );
      const pass = passGate(doc, { email: "racer@acme.com" }, reader, address()).then(
        (passed) => passed,
        (error: unknown) => error,
      );
      await vi.waitFor(
        async () => {
          const [row] = await db.$queryRaw<Array<{ waiting: boolean }>>`
            SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock') AS waiting`;
          expect(row!.waiting).toBe(true);
        },
        { timeout: 10_000, interval: 20 },
      );
      await beacon.query("COMMIT");
      expect(await pass).toMatchObject({ email: "racer@acme.com", leadCreated: true });
    } finally {
      await beacon.end();
    }
    const viewers = await db.viewer.findMany({ where: { documentId: doc.id } });
    expect(viewers).toHaveLength(1);
    expect(viewers[0]).toMatchObject({ browserId: reader, email: "racer@acme.com" });
    expect(await db.lead.count({ where: { documentId: doc.id, email: "racer@acme.com" } })).toBe(1);
  });
});

describe("wrong passwords", () => {
  let locked: SharedDocument;
  beforeEach(async () => {
    await db.document.update({ where: { id: doc.id }, data: { passwordHash: await hashPassword("open-sesame") } });
    locked = sharedDocument(await db.document.findUniqueOrThrow({ where: { id: doc.id } }), null);
  });
  const attempt = (password: string, from: string) =>
    tryDocumentPassword(locked, { password }, from).then(
      () => 200,
      (error: { status?: number }) => error.status,
    );

  it(`allow ${PASSWORD_FAILURES.perAddress} wrong guesses per address a window, then refuse that address only`, async () => {
    const guesser = address();
    for (let i = 0; i < PASSWORD_FAILURES.perAddress; i++) expect(await attempt("wrong-guess", guesser)).toBe(401);
    expect(await attempt("open-sesame", guesser)).toBe(429);
    expect(await attempt("open-sesame", address())).toBe(200);
  });

  it("from many addresses slow every guesser down, and still let a right answer from a fresh address in", async () => {
    for (let a = 0; a < PASSWORD_FAILURES.underAttack / PASSWORD_FAILURES.perAddress; a++) {
      const guesser = address();
      for (let i = 0; i < PASSWORD_FAILURES.perAddress; i++) expect(await attempt("wrong-guess", guesser)).toBe(401);
    }
    expect(await attempt("open-sesame", address())).toBe(200);
    const late = address();
    for (let i = 0; i < PASSWORD_FAILURES.perAddressUnderAttack; i++) expect(await attempt("wrong-guess", late)).toBe(401);
    expect(await attempt("wrong-guess", late)).toBe(429);
  });

  it("check at most the allowed number of guesses sent from one address at once, under attack or not", async () => {
    const burst = (from: string, size: number) => Promise.all(Array.from({ length: size }, () => attempt("wrong-guess", from)));
    const calm = await burst(address(), PASSWORD_FAILURES.perAddress + 5);
    expect(calm.filter((status) => status === 401)).toHaveLength(PASSWORD_FAILURES.perAddress);
    expect(calm.filter((status) => status === 429)).toHaveLength(5);
    const { start, end } = rateLimitWindow(new Date(), PASSWORD_FAILURES.windowSeconds);
    await db.rateLimitWindow.upsert({
      where: { key_windowStart: { key: `password:wrong:${doc.id}`, windowStart: start } },
      create: { key: `password:wrong:${doc.id}`, windowStart: start, expiresAt: end, count: PASSWORD_FAILURES.underAttack },
      update: { count: PASSWORD_FAILURES.underAttack },
    });
    const attacked = await burst(address(), 10);
    expect(attacked.filter((status) => status === 401)).toHaveLength(PASSWORD_FAILURES.perAddressUnderAttack);
    expect(attacked.filter((status) => status === 429)).toHaveLength(10 - PASSWORD_FAILURES.perAddressUnderAttack);
    expect(await attempt("open-sesame", address())).toBe(200);
  });
});

describe("downloads", () => {
  const downloadedEvents = () => db.event.count({ where: { documentId: doc.id, type: "document.downloaded" } });

  it(`records document.downloaded at most once per viewer per ${DOWNLOAD_REPEAT_SECONDS / 60} minutes`, async () => {
    const reader = browser();
    const from = address();
    const allowance = newViewerAllowance(doc.id, from);
    await ingestNow(doc, open, reader, batch(), newViewerLimit(doc.id, from));
    expect(await recordDownload(doc, open, reader, allowance)).toBe(true);
    expect(await recordDownload(doc, open, reader, allowance)).toBe(false);
    setClockOffset((DOWNLOAD_REPEAT_SECONDS - 1) * 1000);
    expect(await recordDownload(doc, open, reader, allowance)).toBe(false);
    setClockOffset((DOWNLOAD_REPEAT_SECONDS + 1) * 1000);
    expect(await recordDownload(doc, open, reader, allowance)).toBe(true);
    expect(await downloadedEvents()).toBe(2);
    expect(await db.download.count({ where: { documentId: doc.id } })).toBe(2);
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).downloads).toBe(2);
  });

  it("records concurrent downloads by one viewer once", async () => {
    const reader = browser();
    const from = address();
    const allowance = newViewerAllowance(doc.id, from);
    await ingestNow(doc, open, reader, batch(), newViewerLimit(doc.id, from));
    const results = await Promise.all(Array.from({ length: 5 }, () => recordDownload(doc, open, reader, allowance)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await downloadedEvents()).toBe(1);
  });

  it("counts a reader with no viewer once per browser and against the new-readers cap", async () => {
    const from = address();
    const anonymous = browser();
    expect(await recordDownload(doc, open, anonymous, newViewerAllowance(doc.id, from))).toBe(true);
    expect(await recordDownload(doc, open, anonymous, newViewerAllowance(doc.id, from))).toBe(false);
    for (let i = 1; i < NEW_VIEWERS_PER_ADDRESS_PER_HOUR; i++)
      expect(await recordDownload(doc, open, browser(), newViewerAllowance(doc.id, from))).toBe(true);
    expect(await recordDownload(doc, open, browser(), newViewerAllowance(doc.id, from))).toBe(false);
    expect(await downloadedEvents()).toBe(NEW_VIEWERS_PER_ADDRESS_PER_HOUR);
  });
});

describe("cross-site requests", () => {
  const post = (headers: Record<string, string>) => new Request("http://localhost:3000/s/abc/gate", { method: "POST", headers });

  it("refuses a POST whose Origin is another site, or opaque", () => {
    expect(isCrossSite(post({ origin: "https://evil.example", host: "localhost:3000" }))).toBe(true);
    expect(isCrossSite(post({ origin: "null", host: "localhost:3000" }))).toBe(true);
    expect(isCrossSite(post({ origin: "http://localhost:3000.evil.example", host: "localhost:3000" }))).toBe(true);
  });

  it("accepts our own origin (APP_URL or the Host asked for), POSTs without Origin, and any GET", () => {
    expect(isCrossSite(post({ origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossSite(post({ origin: "https://docs.example.com", host: "docs.example.com" }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
    expect(isCrossSite(new Request("http://localhost:3000/s/abc/file", { headers: { origin: "https://evil.example" } }))).toBe(false);
  });
});
