import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { roomLinkOf, roomOf } from "@/test/support/room-reads";
import { hashPassword } from "@/lib/credentials/password-hash";
import { db } from "@/lib/db/client";
import type { Document, Room, RoomLink } from "@/lib/generated/prisma/client";
import { rateLimitWindow } from "@/lib/rate-limit";
import { setClockOffset } from "@/lib/time";
import { createUser } from "@/lib/users/create-user";
import { agreementCookie, gateCookie, passwordCookie } from "@/lib/viewer/grants/access";
import { ROOM_ZIP_LIMITS, VIEWER_LIMITS } from "@/lib/viewer/doors/limits";
import * as fileRoute from "@/app/s/[code]/[doc]/file/route";
import * as gateRoute from "@/app/s/[code]/gate/route";
import * as passwordRoute from "@/app/s/[code]/password/route";
import * as verifyRoute from "@/app/s/[code]/verify/route";
import { ReaderBrowser as Browser } from "@/test/support/reader-browser";

/**
 * The room's reader doors attacked through their route handlers, as a browser reaches them: each
 * `Browser` keeps its own cookie jar and stamps its client address (test/support/reader-browser.ts).
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

let owner: Awaited<ReturnType<typeof createUser>>;
let deck: Document;
let memo: Document;
let outside: Document;
let room: Room;
let link: RoomLink;

/** A room's settings as the API stores them (lib/rooms/room-settings.ts). */
async function setRoom(settings: Record<string, unknown>, password?: string) {
  room = await db.room.update({
    where: { id: room.id },
    data: {
      settings: { ...settings, ...(password && { password: true }) } as object,
      passwordHash: password ? await hashPassword(password) : null,
    },
  });
}

beforeEach(async () => {
  setClockOffset(0);
  owner = await createUser({ email: `room-doors-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  memo = await createSampleDocument(owner, "Memo", 2, { email_gate: false });
  outside = await createSampleDocument(owner, "Outside", 2, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Deal", [deck, memo]);
  link = await roomLinkOf(room, "Jane");
});
afterEach(() => setClockOffset(0));

describe("a room's grant opens the room's documents and nothing else", () => {
  beforeEach(() => setRoom({ email_gate: true, gate_type: "full" }));

  it("gates every document door of the room until the room's gate is passed", async () => {
    const reader = new Browser();
    expect((await reader.file(room.code, deck.code)).status).toBe(403);
    expect((await reader.page(room.code, deck.code)).status).toBe(403);
    expect((await reader.download(room.code, deck.code)).status).toBe(403);
    expect((await reader.zip(room.code)).status).toBe(403);
    const beacon = await reader.track(room.code, deck.code);
    expect(beacon.status).toBe(422);
    expect(await db.viewer.count({ where: { documentId: deck.id } })).toBe(0);

    expect((await reader.gate(room.code, "ann@acme.test")).status).toBe(200);
    expect((await reader.file(room.code, deck.code)).status).toBe(200);
    expect((await reader.page(room.code, memo.code)).status).toBe(200);
  });

  it("answers 404 for a document outside the room, and for another room's document, grant or not", async () => {
    const reader = new Browser();
    await reader.gate(room.code, "ann@acme.test");
    const other = await roomOf(owner.personalTeamId, "Other deal", [outside]);
    expect((await reader.file(room.code, outside.code)).status).toBe(404);
    expect((await reader.page(room.code, outside.code)).status).toBe(404);
    expect((await reader.download(room.code, outside.code)).status).toBe(404);
    expect((await reader.track(room.code, outside.code)).status).toBe(404);
    // The other room's own code, with this room's grant under its cookie names: nothing.
    reader.steal(reader, gateCookie(room.code), gateCookie(other.code));
    expect((await reader.file(other.code, outside.code)).status).toBe(403);
  });

  it("is no grant on the document's own code, nor on a room link's, and the other way round", async () => {
    await db.document.update({ where: { id: deck.id }, data: { emailGate: true, gateType: "full" } });
    const reader = new Browser();
    await reader.gate(room.code, "ann@acme.test");
    // The room grant moved under the document's own code's cookie: the document's own gate stands.
    reader.steal(reader, gateCookie(room.code), gateCookie(deck.code));
    const own = await reader.call(fileRoute.GET, `/s/${deck.code}/file?v=full`, { code: deck.code });
    expect(own.status).toBe(403);
    // …and under the room link's: a grant is per code opened.
    reader.steal(reader, gateCookie(room.code), gateCookie(link.code));
    expect((await reader.file(link.code, deck.code)).status).toBe(403);
    // The link's grant moved to the room's own code opens nothing either.
    const viaLink = new Browser();
    await viaLink.gate(link.code, "bob@acme.test");
    expect((await viaLink.file(link.code, deck.code)).status).toBe(200);
    viaLink.steal(viaLink, gateCookie(link.code), gateCookie(room.code));
    expect((await viaLink.file(room.code, deck.code)).status).toBe(403);
  });

  it("binds the grant to the browser it was given to", async () => {
    const reader = new Browser();
    await reader.gate(room.code, "ann@acme.test");
    const thief = new Browser();
    thief.steal(reader, gateCookie(room.code));
    thief.jar.set("pw_bid", "another-browser-id-000");
    expect((await thief.file(room.code, deck.code)).status).toBe(403);
  });

  it("stops serving a document removed from the room, or deleted, and a disabled, deleted or expired link", async () => {
    const reader = new Browser();
    await reader.gate(link.code, "ann@acme.test");
    expect((await reader.file(link.code, deck.code)).status).toBe(200);

    await db.roomDocument.deleteMany({ where: { roomId: room.id, documentId: deck.id } });
    expect((await reader.file(link.code, deck.code)).status).toBe(404);
    await db.document.update({ where: { id: memo.id }, data: { deletedAt: new Date() } });
    expect((await reader.file(link.code, memo.code)).status).toBe(404);
    expect((await reader.zip(link.code)).status).toBe(404);

    await db.roomDocument.create({ data: { roomId: room.id, documentId: outside.id, position: 3 } });
    expect((await reader.file(link.code, outside.code)).status).toBe(200);
    await db.roomLink.update({ where: { id: link.id }, data: { disabledAt: new Date() } });
    expect((await reader.file(link.code, outside.code)).status).toBe(404);
    expect((await reader.gate(link.code, "ann@acme.test")).status).toBe(404);
    await db.roomLink.update({ where: { id: link.id }, data: { disabledAt: null, deletedAt: new Date() } });
    expect((await reader.file(link.code, outside.code)).status).toBe(410);
    expect((await reader.zip(link.code)).status).toBe(410);
    await db.roomLink.update({ where: { id: link.id }, data: { deletedAt: null, overrides: { expires_at: "2020-01-01T00:00:00.000Z" } } });
    expect((await reader.file(link.code, outside.code)).status).toBe(410);
    expect((await reader.gate(link.code, "ann@acme.test")).status).toBe(410);
  });

  it("stops every door of a deleted or expired room", async () => {
    const reader = new Browser();
    await reader.gate(room.code, "ann@acme.test");
    await setRoom({ email_gate: true, gate_type: "full", expires_at: "2020-01-01T00:00:00.000Z" });
    expect((await reader.file(room.code, deck.code)).status).toBe(410);
    expect((await reader.zip(room.code)).status).toBe(410);
    expect((await reader.gate(room.code, "ann@acme.test")).status).toBe(410);
    await setRoom({ email_gate: true, gate_type: "full" });
    await db.room.update({ where: { id: room.id }, data: { deletedAt: new Date() } });
    expect((await reader.file(room.code, deck.code)).status).toBe(410);
    expect((await reader.file(link.code, deck.code)).status).toBe(410);
    expect((await reader.download(room.code, deck.code)).status).toBe(410);
  });
});

describe("a room's password and agreement", () => {
  it("asks the room's password before the gate, any file or the ZIP, and a changed password asks again", async () => {
    await setRoom({ email_gate: true, gate_type: "full" }, "open sesame");
    const reader = new Browser();
    expect((await reader.gate(room.code, "ann@acme.test")).status).toBe(403);
    expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
    expect((await reader.password(room.code, "wrong")).status).toBe(401);
    expect((await reader.password(room.code, "open sesame")).status).toBe(200);
    expect((await reader.file(room.code, deck.code)).status).toBe(403);
    expect((await reader.gate(room.code, "ann@acme.test")).status).toBe(200);
    expect((await reader.file(room.code, deck.code)).status).toBe(200);
    // A link with its own password: the room's password grant is nothing there.
    await db.roomLink.update({
      where: { id: link.id },
      data: { overrides: { password: true }, passwordHash: await hashPassword("link only") },
    });
    reader.steal(reader, passwordCookie(room.code), passwordCookie(link.code));
    reader.steal(reader, gateCookie(room.code), gateCookie(link.code));
    expect((await reader.file(link.code, deck.code)).status).toBe(403);
    await setRoom({ email_gate: true, gate_type: "full" }, "changed");
    expect((await reader.file(room.code, deck.code)).status).toBe(403);
  });

  it("asks the room's agreement before any file, and accepting it records the room, not a document", async () => {
    await setRoom({ email_gate: true, gate_type: "full", agreement: "Keep it secret." });
    const reader = new Browser();
    expect((await reader.agree(room.code)).status).toBe(403);
    await reader.gate(room.code, "ann@acme.test");
    expect((await reader.file(room.code, deck.code)).status).toBe(403);
    expect((await reader.page(room.code, deck.code)).status).toBe(403);
    expect((await reader.track(room.code, deck.code)).status).toBe(403);
    expect((await reader.zip(room.code)).status).toBe(403);
    expect((await reader.agree(room.code)).status).toBe(200);
    expect(await db.agreementAcceptance.count({ where: { roomId: room.id, roomLinkId: null, documentId: null } })).toBe(1);
    expect((await reader.file(room.code, deck.code)).status).toBe(200);
    // The agreement grant of the room's own code is not the link's.
    reader.steal(reader, gateCookie(room.code), gateCookie(link.code));
    reader.steal(reader, agreementCookie(room.code), agreementCookie(link.code));
    expect((await reader.file(link.code, deck.code)).status).toBe(403);
  });
});

describe("what a room's reader is recorded as", () => {
  it("records no viewer, lead or event for a document before the room's agreement is accepted", async () => {
    await setRoom({ email_gate: true, gate_type: "full", agreement: "Keep it secret." });
    const reader = new Browser();
    await reader.gate(room.code, "ann@acme.test");
    expect((await reader.track(room.code, deck.code)).status).toBe(403);
    expect((await reader.download(room.code, deck.code)).status).toBe(403);
    expect(await db.viewer.count({ where: { documentId: deck.id } })).toBe(0);
    expect(await db.lead.count({ where: { documentId: deck.id } })).toBe(0);
    expect(await db.event.count({ where: { documentId: deck.id, type: "lead.captured" } })).toBe(0);

    await reader.agree(room.code);
    expect((await reader.track(room.code, deck.code)).status).toBe(200);
    expect(await db.viewer.findFirst({ where: { documentId: deck.id }, select: { email: true } })).toEqual({ email: "ann@acme.test" });
  });

  it("records no viewer for a reader holding the gate grant without the password grant", async () => {
    await setRoom({ email_gate: true, gate_type: "full" }, "open sesame");
    const reader = new Browser();
    await reader.password(room.code, "open sesame");
    await reader.gate(room.code, "ann@acme.test");
    // The password cookie dropped (expired, cleared or never sent) while the gate grant is kept.
    reader.jar.delete(passwordCookie(room.code));
    expect((await reader.track(room.code, deck.code)).status).toBe(403);
    expect(await db.viewer.count({ where: { documentId: deck.id } })).toBe(0);
  });
});

describe("emailed codes on a room", () => {
  /** The code in the latest email queued to `email` (the owner's outbox, as the runner would send it). */
  async function sentCode(email: string): Promise<string> {
    const mail = await db.notification.findFirstOrThrow({
      where: { toAddress: email, kind: "reader_code" },
      orderBy: { createdAt: "desc" },
    });
    return /is (\d{6})\./.exec(mail.body)![1]!;
  }

  it("opens only the room, room link and browser the code was sent for", async () => {
    await setRoom({ email_gate: true, gate_type: "full", verify_email: true });
    const other = await roomOf(owner.personalTeamId, "Other deal", [outside]);
    await db.room.update({ where: { id: other.id }, data: { settings: { email_gate: true, gate_type: "full", verify_email: true } } });
    const reader = new Browser();
    expect((await reader.gate(room.code, "ann@acme.test")).status).toBe(202);
    const code = await sentCode("ann@acme.test");
    // Not on the other room, not on the room's link, not in another browser.
    expect((await reader.verify(other.code, code)).status).toBe(422);
    expect((await reader.verify(link.code, code)).status).toBe(422);
    expect((await new Browser(reader.address).verify(room.code, code)).status).toBe(422);
    // Not on a document's own code either.
    await db.document.update({ where: { id: deck.id }, data: { emailGate: true, gateType: "full", verifyEmail: true } });
    expect((await reader.verify(deck.code, code)).status).toBe(422);
    expect((await reader.file(room.code, deck.code)).status).toBe(403);
    expect((await reader.verify(room.code, code)).status).toBe(200);
    expect((await reader.file(room.code, memo.code)).status).toBe(200);
    expect(await db.roomLead.findFirst({ where: { roomId: room.id }, select: { email: true, verified: true } })).toEqual({
      email: "ann@acme.test",
      verified: true,
    });
  });
});

describe("hostile requests at a room's doors", () => {
  beforeEach(() => setRoom({ email_gate: true, gate_type: "full", agreement: "Keep it secret." }, "open sesame"));

  it("refuses cross-site form posts and changes nothing", async () => {
    const reader = new Browser();
    const init = { body: { password: "open sesame" }, headers: { origin: "https://evil.example" } };
    expect((await reader.call(passwordRoute.POST, `/s/${room.code}/password`, { code: room.code }, init)).status).toBe(403);
    const nullOrigin = { body: { email: "ann@acme.test" }, headers: { origin: "null" } };
    expect((await reader.call(gateRoute.POST, `/s/${room.code}/gate`, { code: room.code }, nullOrigin)).status).toBe(403);
    expect(reader.jar.has(passwordCookie(room.code))).toBe(false);
    expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("answers bad bodies with a clear 4xx in the envelope, never a 500", async () => {
    const reader = new Browser();
    const post = (handler: unknown, door: string, raw: string) =>
      reader.call(handler, `/s/${room.code}/${door}`, { code: room.code }, { raw });
    for (const raw of [
      "",
      "{",
      "null",
      "[]",
      '"x"',
      "1e999",
      JSON.stringify({ password: "\u0000" }),
      JSON.stringify({ password: ["x"] }),
    ]) {
      const { status, body } = await post(passwordRoute.POST, "password", raw);
      expect(status, raw).toBeGreaterThanOrEqual(400);
      expect(status, raw).toBeLessThan(500);
      expect(body?.error?.code, raw).toEqual(expect.any(String));
    }
    expect((await reader.password(room.code, "open sesame")).status).toBe(200);
    for (const raw of ["{", JSON.stringify({ email: "ann\u0000@acme.test" }), JSON.stringify({ email: "a".repeat(5000) + "@acme.test" })]) {
      const { status, body } = await post(gateRoute.POST, "gate", raw);
      expect(status, raw).toBeGreaterThanOrEqual(400);
      expect(status, raw).toBeLessThan(500);
      expect(body?.error?.code).toEqual(expect.any(String));
    }
    const huge = await post(gateRoute.POST, "gate", JSON.stringify({ email: "ann@acme.test", name: "x".repeat(2_000_000) }));
    expect(huge.status).toBe(413);
    expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
    for (const raw of ["{", JSON.stringify({ code: "\u0000" }), JSON.stringify({ code: 123456 })]) {
      const { status } = await post(verifyRoute.POST, "verify", raw);
      expect(status, raw).toBeGreaterThanOrEqual(400);
      expect(status, raw).toBeLessThan(500);
    }
  });

  it("answers malformed codes 404 at every door, without a 500", async () => {
    const reader = new Browser();
    await reader.password(room.code, "open sesame");
    await reader.gate(room.code, "ann@acme.test");
    await reader.agree(room.code);
    const bad = [
      deck.code.toUpperCase(),
      `${deck.code}x`,
      "..%2f..%2fetc",
      "../../etc/passwd",
      "a".repeat(5000),
      `s-${deck.code}`,
      "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
      "",
    ];
    for (const doc of bad) {
      expect((await reader.file(room.code, doc)).status, doc).toBe(404);
      expect((await reader.track(room.code, doc)).status, doc).toBe(404);
      expect((await reader.page(room.code, doc)).status, doc).toBe(404);
    }
    for (const code of [...bad, room.code.toUpperCase(), deck.code]) {
      expect((await reader.file(code, deck.code)).status, code).toBe(404);
      const zip = await reader.zip(code);
      expect(zip.status, code).toBe(404);
    }
    for (const page of ["0", "-1", "99999999", "1e3", "abc", "3"]) {
      expect((await reader.page(room.code, deck.code, page)).status, page).toBe(404);
    }
  });
});

describe("floods at a room's doors", () => {
  async function fill(key: string, count: number, windowSeconds: number) {
    const { start, end } = rateLimitWindow(new Date(), windowSeconds);
    await db.rateLimitWindow.upsert({
      where: { key_windowStart: { key, windowStart: start } },
      create: { key, windowStart: start, expiresAt: end, count },
      update: { count },
    });
  }

  beforeEach(() => setRoom({ email_gate: true, gate_type: "full" }));

  it("counts a room's document doors per address, before the room is looked up", async () => {
    const reader = new Browser();
    await fill(`file:address:${reader.address}`, VIEWER_LIMITS.file.perAddress, VIEWER_LIMITS.file.windowSeconds);
    const refused = await reader.file(room.code, deck.code);
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await reader.file("zzzzzzzzzz", deck.code)).status).toBe(429);
  });

  it("counts browsers without a grant per room, and lets readers holding the room's grant through", async () => {
    const reader = new Browser();
    await reader.gate(link.code, "ann@acme.test");
    await fill(`file:document:${room.id}`, VIEWER_LIMITS.file.perDocument!, VIEWER_LIMITS.file.windowSeconds);
    expect((await new Browser().file(room.code, deck.code)).status).toBe(429);
    expect((await new Browser().file(link.code, deck.code)).status).toBe(429);
    expect((await reader.file(link.code, deck.code)).status).toBe(200);
    // A grant for another room (or a document) under this room's cookie names is no pass.
    const other = await roomOf(owner.personalTeamId, "Other deal", [outside]);
    const elsewhere = new Browser();
    await elsewhere.gate(other.code, "eve@acme.test");
    elsewhere.steal(elsewhere, gateCookie(other.code), gateCookie(room.code));
    expect((await elsewhere.file(room.code, deck.code)).status).toBe(429);
  });

  it(`lets one address bring ${ROOM_ZIP_LIMITS.perAddress} ZIPs a window, and a room ${ROOM_ZIP_LIMITS.perRoom}`, async () => {
    await setRoom({ email_gate: false, gate_type: "none" });
    const reader = new Browser();
    for (let i = 0; i < ROOM_ZIP_LIMITS.perAddress; i++) {
      const zip = await reader.zip(room.code);
      expect(zip.status).toBe(200);
      await zip.response.body?.cancel();
    }
    const refused = await reader.zip(room.code);
    expect(refused.status).toBe(429);
    expect(refused.body?.error?.code).toBe("rate_limited");
    await fill(`zip:room:${room.id}`, ROOM_ZIP_LIMITS.perRoom, ROOM_ZIP_LIMITS.windowSeconds);
    expect((await new Browser().zip(link.code)).status).toBe(429);
  });

  it("refuses a ZIP where the room allows no downloads, before counting it", async () => {
    await setRoom({ email_gate: false, gate_type: "none", allow_download: false });
    const reader = new Browser();
    const refused = await reader.zip(room.code);
    expect(refused.status).toBe(403);
    expect(await db.rateLimitWindow.count({ where: { key: `zip:address:${reader.address}` } })).toBe(0);
    expect((await reader.download(room.code, deck.code)).status).toBe(403);
  });
});
