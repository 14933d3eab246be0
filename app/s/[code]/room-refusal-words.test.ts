import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createSampleDocument } from "@/scripts/lib/demo-data";
import { roomLinkOf, roomOf } from "@/test/support/room-reads";
import { hashPassword } from "@/lib/credentials/password-hash";
import { db } from "@/lib/db/client";
import type { Room, RoomLink } from "@/lib/generated/prisma/client";
import { rateLimitWindow } from "@/lib/rate-limit";
import { CLIENT_ADDRESS_HEADER, stampFor } from "@/lib/request/client-address";
import { createUser } from "@/lib/users/create-user";
import { VIEWER_LIMITS } from "@/lib/viewer/doors/limits";
import { answerSharePage } from "@/lib/http/share-page-door";
import { ReaderBrowser as Browser } from "@/test/support/reader-browser";

/**
 * A reader turned away at a room's door reads that it was the room, in the viewer's JSON answers and
 * on the share page its door renders, never "document".
 */
vi.mock("next/headers", async () => (await import("@/test/support/cookie-jar")).nextHeadersMock);

let room: Room;
let link: RoomLink;

async function setRoom(settings: Record<string, unknown>, password?: string) {
  room = await db.room.update({
    where: { id: room.id },
    data: {
      settings: { ...settings, ...(password && { password: true }) } as object,
      passwordHash: password ? await hashPassword(password) : null,
    },
  });
}

/** The share page as a browser asks for it: what its door (proxy.ts) answers before the page renders. */
async function sharePage(code: string, address = new Browser().address) {
  const response = await answerSharePage(
    new NextRequest(`http://localhost:3000/s/${code}`, { headers: { [CLIENT_ADDRESS_HEADER]: stampFor(address) } }),
    `/s/${code}`,
  );
  return { status: response.status, html: await response.text() };
}

beforeEach(async () => {
  const owner = await createUser({ email: `room-words-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
  room = await roomOf(owner.personalTeamId, "Deal", [deck]);
  link = await roomLinkOf(room, "Jane");
});

describe("a room's refusals name the room", () => {
  it("says the room's link expired, on the page and at the gate", async () => {
    await setRoom({ email_gate: true, gate_type: "full", expires_at: "2020-01-01T00:00:00.000Z" });
    const page = await sharePage(room.code);
    expect(page.status).toBe(410);
    expect(page.html).toContain("<h1>This room's link has expired</h1>");
    expect(page.html).not.toMatch(/document/i);
    const gate = await new Browser().gate(room.code, "ann@acme.test");
    expect([gate.status, gate.body?.error.message]).toEqual([410, "This room's link has expired."]);
  });

  it("says a deleted room is no longer available, and a disabled room link that the room is not", async () => {
    await db.roomLink.update({ where: { id: link.id }, data: { disabledAt: new Date() } });
    const disabled = await new Browser().gate(link.code, "ann@acme.test");
    expect([disabled.status, disabled.body?.error.message]).toEqual([404, "This room is not available."]);
    await db.room.update({ where: { id: room.id }, data: { deletedAt: new Date() } });
    const page = await sharePage(room.code);
    expect([page.status, page.html.includes("<h1>This room is no longer available</h1>")]).toEqual([410, true]);
    const gate = await new Browser().gate(room.code, "ann@acme.test");
    expect(gate.body?.error.message).toBe("This room is no longer available.");
  });

  it("refuses a blocked email for the room, and records no lead", async () => {
    await setRoom({ email_gate: true, gate_type: "full", block: ["rival.test"] });
    const refused = await new Browser().gate(room.code, "eve@rival.test");
    expect([refused.status, refused.body?.error.message]).toEqual([
      403,
      "This email can't open this room. Ask the person who shared it with you for access.",
    ]);
    expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("asks for the room's password before its agreement, and a wrong one is refused without naming a document", async () => {
    await setRoom({ agreement: "Keep it to yourself." }, "open sesame");
    const reader = new Browser();
    const agree = await reader.agree(room.code);
    expect([agree.status, agree.body?.error.message]).toEqual([403, "Enter the room's password first."]);
    const wrong = await reader.password(room.code, "wrong guess");
    expect(wrong.status).toBe(401);
    expect(wrong.body?.error.message).not.toMatch(/document/i);
    expect(await db.agreementAcceptance.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("says the room was opened too many times when its budget is spent", async () => {
    const { start, end } = rateLimitWindow(new Date(), VIEWER_LIMITS.page.windowSeconds);
    const key = `page:document:${room.id}`;
    const count = VIEWER_LIMITS.page.perDocument!;
    await db.rateLimitWindow.upsert({
      where: { key_windowStart: { key, windowStart: start } },
      create: { key, windowStart: start, expiresAt: end, count },
      update: { count },
    });
    const page = await sharePage(room.code);
    expect(page.status).toBe(429);
    expect(page.html).toContain("This room was opened too many times");
  });
});
