import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { db } from "../../db/client";
import type { Document, Prisma } from "../../generated/prisma/client";
import { newDocumentCode } from "../../ids";
import { setClockOffset } from "../../time";
import { createUser } from "../../users/create-user";
import { findPublicDocument } from "./find-public-document";
import { VIEWER_LIMITS } from "./limits";
import { openDoor } from "./open-door";

const HOUR = 3_600_000;
const address = () => `203.0.113.${Math.floor(Math.random() * 250)}-${randomBytes(3).toString("hex")}`;

let doc: Document;
beforeEach(async () => {
  setClockOffset(0);
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Shared", 3, { email_gate: false });
});
afterEach(() => setClockOffset(0));

const makeLink = (data: Partial<Omit<Prisma.LinkUncheckedCreateInput, "overrides">> & { overrides?: Prisma.InputJsonObject } = {}) =>
  db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Sequoia — Jane", ...data } });

/** What both lookups (the doors' one statement and the page's) say of a code. */
async function resolve(code: string) {
  const door = await openDoor("page", code, address());
  const page = await findPublicDocument(code);
  expect(page).toEqual(door.found);
  return door;
}

const documentCount = async () =>
  (await db.rateLimitWindow.findMany({ where: { key: `page:document:${doc.id}` } })).reduce((sum, w) => sum + w.count, 0);

describe("a share code", () => {
  it("that is a document's own code opens the document with its own settings and no link", async () => {
    const door = await resolve(doc.code);
    expect(door.found).toMatchObject({ state: "active", doc: { id: doc.id, code: doc.code, emailGate: false, link: null } });
    expect(door.byDocument).toMatchObject({ allowed: true, limit: VIEWER_LIMITS.page.perDocument });
  });

  it("that is a link's code opens the link's document with the link's overrides applied, and counts toward the document's limit", async () => {
    const link = await makeLink({ overrides: { email_gate: true, gate_type: "full", allow_download: false } });
    const door = await resolve(link.code);
    expect(door.found?.state).toBe("active");
    const shared = door.found?.state === "active" ? door.found.doc : null;
    expect(shared).toMatchObject({ id: doc.id, code: doc.code, title: doc.title, emailGate: true, gateType: "full", allowDownload: false });
    expect(shared?.link).toEqual(await db.link.findUniqueOrThrow({ where: { id: link.id } }));
    expect(shared?.sizeBytes).toBe(doc.sizeBytes);
    // Two requests (openDoor in resolve, then this one) through the link, counted for the document.
    await openDoor("page", link.code, address());
    expect(await documentCount()).toBe(2);
    // The document's own code is unchanged by its link.
    expect((await resolve(doc.code)).found).toMatchObject({ state: "active", doc: { emailGate: false, allowDownload: true, link: null } });
  });

  it("of a disabled link is not available and is not counted per document", async () => {
    const link = await makeLink({ disabledAt: new Date() });
    const door = await resolve(link.code);
    expect(door.found).toEqual({ state: "disabled" });
    expect(door.byDocument).toBeUndefined();
    expect(await documentCount()).toBe(0);
  });

  it("of a deleted link, or of a link whose document was deleted, is gone", async () => {
    const deleted = await makeLink({ deletedAt: new Date(), disabledAt: new Date() });
    expect((await resolve(deleted.code)).found).toEqual({ state: "gone" });
    const live = await makeLink();
    await db.document.update({ where: { id: doc.id }, data: { deletedAt: new Date() } });
    expect((await resolve(live.code)).found).toEqual({ state: "gone" });
    expect((await resolve(doc.code)).found).toEqual({ state: "gone" });
    expect(await documentCount()).toBe(0);
  });

  it("expires when the link's expiry passes, or the document's for its own code and the links that follow it", async () => {
    const expiry = new Date(Date.now() + HOUR);
    const own = await makeLink({ overrides: { expires_at: expiry.toISOString() } });
    const follows = await makeLink();
    const never = await makeLink({ overrides: { expires_at: null } });
    await db.document.update({ where: { id: doc.id }, data: { expiresAt: new Date(Date.now() + 2 * HOUR) } });

    for (const code of [own.code, follows.code, never.code, doc.code]) expect((await resolve(code)).found?.state).toBe("active");
    setClockOffset(HOUR);
    expect((await resolve(own.code)).found).toEqual({ state: "expired" });
    expect((await resolve(follows.code)).found?.state).toBe("active");
    setClockOffset(2 * HOUR);
    expect((await resolve(follows.code)).found).toEqual({ state: "expired" });
    expect((await resolve(doc.code)).found).toEqual({ state: "expired" });
    expect((await resolve(never.code)).found?.state).toBe("active");
  });

  it("that names nothing, or is in the API's s- form, is missing", async () => {
    for (const code of ["zzzzzzzzzz", `s-${doc.code}`, "not a code"]) {
      const door = await resolve(code);
      expect(door.found).toEqual({ state: "missing" });
      expect(door.byDocument).toBeUndefined();
    }
  });

  it("is not looked up once its address is past the limit", async () => {
    const link = await makeLink();
    const from = address();
    for (let i = 0; i < VIEWER_LIMITS.page.perAddress; i++) await openDoor("page", link.code, from);
    const refused = await openDoor("page", link.code, from);
    expect(refused.byAddress.allowed).toBe(false);
    expect(refused.found).toBeUndefined();
  });
});
