import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { db } from "../../db/client";
import { ApiError } from "../../errors";
import type { Room, RoomLink } from "../../generated/prisma/client";
import { newDocumentCode } from "../../ids";
import { createUser } from "../../users/create-user";
import { acceptAgreement } from "./agreement";
import { agreementGrant, gateGrant, resolveAccess } from "./access";
import { passRoomGate } from "./pass-room-gate";
import { roomShare, sharedRoomDocument } from "../rooms/public-room";
import { withRoomReader } from "../rooms/room-reader";
import { checkVerificationCode, sendVerificationCode, WRONG_CODE_MESSAGE } from "./verify-email";

let room: Room;
let link: RoomLink;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeEach(async () => {
  owner = await createUser({ email: `rooms-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const teamId = owner.personalTeamId;
  room = await db.room.create({
    data: {
      teamId,
      name: "Series A",
      code: newDocumentCode(),
      settings: { email_gate: true, gate_type: "full", verify_email: true, block: ["rival.com"], agreement: "Keep it to yourself." },
    },
  });
  link = await db.roomLink.create({ data: { roomId: room.id, name: "Jane", code: newDocumentCode() } });
});

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const codeSentTo = async (email: string) =>
  /is (\d{6})\./.exec(
    (await db.notification.findFirstOrThrow({ where: { toAddress: email, kind: "reader_code" }, orderBy: { createdAt: "desc" } })).body,
  )![1]!;

describe("a room's gate", () => {
  it("records the room's lead once per email, with the link it was first given on, and the name given later", async () => {
    const share = roomShare(room, link);
    await passRoomGate(share, { email: "jane@fund.example" }, readerAddress());
    await passRoomGate(roomShare(room, null), { email: "jane@fund.example", name: "Jane Doe" }, readerAddress());
    const leads = await db.roomLead.findMany({ where: { roomId: room.id } });
    expect(leads.map((lead) => [lead.email, lead.name, lead.roomLinkId, lead.companyDomain])).toEqual([
      ["jane@fund.example", "Jane Doe", link.id, "fund.example"],
    ]);
  });

  it("refuses an email the room's lists refuse, and records nothing", async () => {
    const error = await refusal(passRoomGate(roomShare(room, link), { email: "spy@rival.com" }, readerAddress()));
    expect(error.code).toBe("forbidden");
    expect(await db.roomLead.count({ where: { roomId: room.id } })).toBe(0);
  });

  it("takes a code sent for this room and link, and not one sent for another link of it", async () => {
    const share = roomShare(room, link);
    const browser = `browser-${randomBytes(8).toString("hex")}`;
    await sendVerificationCode(share, { email: "jane@fund.example" }, browser, readerAddress());
    const code = await codeSentTo("jane@fund.example");
    const pending = await db.emailVerification.findFirstOrThrow({ where: { roomId: room.id } });
    expect([pending.documentId, pending.roomLinkId]).toEqual([null, link.id]);

    // The room's own code is another door: the code sent on the link is not pending there.
    const elsewhere = await refusal(checkVerificationCode(roomShare(room, null), { code }, browser));
    expect(elsewhere.message).toBe(WRONG_CODE_MESSAGE);
    expect(await checkVerificationCode(share, { code }, browser)).toEqual({ email: "jane@fund.example", name: "" });
  });

  it("records the agreement as the room's, with the email given at its gate", async () => {
    const share = roomShare(room, link);
    const browser = `browser-${randomBytes(8).toString("hex")}`;
    const access = { ...resolveAccess(share, { browser }), gatePassed: true, gateEmail: "jane@fund.example", agreementDue: true };
    await acceptAgreement(share, access, browser, readerAddress());
    const accepted = await db.agreementAcceptance.findFirstOrThrow({ where: { roomId: room.id } });
    expect([accepted.documentId, accepted.roomLinkId, accepted.email, accepted.agreement]).toEqual([
      null,
      link.id,
      "jane@fund.example",
      "Keep it to yourself.",
    ]);
  });

  it("records the reader of each document opened in the room once, as that document's viewer and lead, verified when the room's lead is", async () => {
    const deck = await createSampleDocument(owner, "Deck", 2, { email_gate: false });
    const share = roomShare(room, link);
    await db.roomLead.create({
      data: {
        roomId: room.id,
        roomLinkId: link.id,
        email: "jane@fund.example",
        name: "Jane",
        companyDomain: "fund.example",
        verified: true,
      },
    });
    const doc = sharedRoomDocument(deck, share, "download");
    const browser = `browser-${randomBytes(8).toString("hex")}`;
    // Through the room's gate (with its emailed code) and its agreement, as the routes grant them.
    const grants = {
      gate: gateGrant(doc, browser, { viewerId: "", email: "jane@fund.example", verified: true }),
      agreement: agreementGrant(doc, browser),
    };
    const access = resolveAccess(doc, { browser, ...grants });
    expect([access.fullFile, access.gateEmail, access.gateViewerId]).toEqual([true, "jane@fund.example", null]);

    const first = await withRoomReader(doc, access, browser, readerAddress());
    const again = await withRoomReader(doc, access, browser, readerAddress());
    expect(first.gateViewerId).not.toBeNull();
    expect(again.gateViewerId).toBe(first.gateViewerId);
    const lead = await db.lead.findFirstOrThrow({ where: { documentId: deck.id } });
    expect([lead.email, lead.name, lead.verified]).toEqual(["jane@fund.example", "Jane", true]);
    const captured = await db.event.findMany({ where: { documentId: deck.id, type: "lead.captured" } });
    expect(captured).toHaveLength(1);
    expect((captured[0]!.payload as { data: { room?: unknown } }).data.room).toEqual({ id: room.id, name: "Series A", code: room.code });
  });
});
