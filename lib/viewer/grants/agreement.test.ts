import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { agreementAcceptedAt } from "../../analytics/agreement-accepted-at";
import { documentViewers } from "../../analytics/document-viewers";
import { db } from "../../db/client";
import { rateLimitWindow } from "../../rate-limit";
import { ApiError } from "../../errors";
import type { Document } from "../../generated/prisma/client";
import { sharedDocument, type SharedDocument } from "../../links/shared-document";
import { createUser } from "../../users/create-user";
import { agreementGrant, gateGrant, resolveAccess } from "./access";
import { acceptAgreement } from "./agreement";
import { NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR } from "../doors/limits";
import { passGate } from "./pass-gate";

const NDA = "I will keep this document confidential.";
const browser = "browser-one-0123456789";
const doc = (fields: Partial<Document>) =>
  ({
    id: "doc-a",
    passwordHash: null,
    emailGate: true,
    gateType: "preview",
    gatePage: 3,
    pageCount: 6,
    allowDownload: true,
    agreement: NDA,
    allowList: [],
    blockList: [],
    link: null,
    ...fields,
  }) as SharedDocument;

describe("the agreement grant", () => {
  it("withholds every page, the file and downloads until the agreement is accepted", () => {
    const before = resolveAccess(doc({}), { browser });
    expect(before).toMatchObject({ agreementAccepted: false, agreementDue: true, readablePages: 0, fullFile: false, canDownload: false });
    const after = resolveAccess(doc({}), { browser, agreement: agreementGrant(doc({}), browser) });
    expect(after).toMatchObject({ agreementAccepted: true, agreementDue: false, readablePages: 2 });
  });

  it("is asked after a gate that stands before page 1", () => {
    const full = doc({ gateType: "full" });
    expect(resolveAccess(full, { browser }).agreementDue).toBe(false);
    expect(
      resolveAccess(full, { browser, gate: gateGrant(full, browser, { viewerId: "v1", email: "jane@acme.com", verified: false }) })
        .agreementDue,
    ).toBe(true);
    const all = resolveAccess(full, {
      browser,
      gate: gateGrant(full, browser, { viewerId: "v1", email: "jane@acme.com", verified: false }),
      agreement: agreementGrant(full, browser),
    });
    expect([all.readablePages, all.fullFile, all.canDownload]).toEqual([6, true, true]);
  });

  it("covers the agreement as accepted, in that browser, for that document only", () => {
    const grant = agreementGrant(doc({}), browser);
    expect(resolveAccess(doc({ agreement: `${NDA} Changed.` }), { browser, agreement: grant }).agreementAccepted).toBe(false);
    expect(resolveAccess(doc({}), { browser: "browser-two-0123456789", agreement: grant }).agreementAccepted).toBe(false);
    expect(resolveAccess(doc({ id: "doc-b" }), { browser, agreement: grant }).agreementAccepted).toBe(false);
    expect(resolveAccess(doc({ agreement: null }), { browser }).agreementAccepted).toBe(true);
  });
});

describe("accepting the agreement", () => {
  async function agreementDocument(gateType: "full" | "preview") {
    const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    return sharedDocument(await createSampleDocument(owner, "NDA deck", 4, { gate_type: gateType, agreement: NDA }), null);
  }

  it("records who accepted what, when and from where, shown on the viewer in the API", async () => {
    const shared = await agreementDocument("full");
    const reader = `browser-${randomBytes(8).toString("hex")}`;
    const { viewerId } = await passGate(shared, { email: "jane@acme.com" }, reader, readerAddress());
    const access = resolveAccess(shared, {
      browser: reader,
      gate: gateGrant(shared, reader, { viewerId, email: "jane@acme.com", verified: false }),
    });
    await acceptAgreement(shared, access, reader, "203.0.113.5");
    const row = await db.agreementAcceptance.findFirstOrThrow({ where: { documentId: shared.id } });
    expect(row).toMatchObject({
      email: "jane@acme.com",
      viewerId,
      browserId: reader,
      address: "203.0.113.5",
      agreement: NDA,
      linkId: null,
    });
    const { viewers } = await documentViewers(shared, 1, 10);
    expect(viewers.map((v) => [v.email, v.agreement_accepted_at])).toEqual([["jane@acme.com", row.acceptedAt.toISOString()]]);
    // The dashboard's readers table shows the same acceptance in the reader's row.
    expect(await agreementAcceptedAt(shared.id, [viewers[0]!.viewer_id, "anon_nobody"])).toEqual(
      new Map([[viewers[0]!.viewer_id, row.acceptedAt]]),
    );
  });

  it("before a preview gate, records no email, and the reader who later gives one in that browser shows it", async () => {
    const shared = await agreementDocument("preview");
    const reader = `browser-${randomBytes(8).toString("hex")}`;
    await acceptAgreement(shared, resolveAccess(shared, { browser: reader }), reader, "203.0.113.6");
    expect(await db.agreementAcceptance.findFirstOrThrow({ where: { documentId: shared.id } })).toMatchObject({
      email: null,
      viewerId: null,
    });
    await passGate(shared, { email: "bob@acme.com" }, reader, readerAddress());
    const { viewers } = await documentViewers(shared, 1, 10);
    expect(viewers[0]?.agreement_accepted_at).not.toBeNull();
  });

  it("records a browser's acceptance of one text once, however often it is posted again", async () => {
    const shared = await agreementDocument("preview");
    const reader = `browser-${randomBytes(8).toString("hex")}`;
    await acceptAgreement(shared, resolveAccess(shared, { browser: reader }), reader, "203.0.113.8");
    const accepted = resolveAccess(shared, { browser: reader, agreement: agreementGrant(shared, reader) });
    for (let i = 0; i < 5; i++) await acceptAgreement(shared, accepted, reader, "203.0.113.8");
    expect(await db.agreementAcceptance.count({ where: { documentId: shared.id } })).toBe(1);
  });

  it(`refuses (429) an address's acceptance past ${NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR} new ones of a document in an hour, recording nothing`, async () => {
    const shared = await agreementDocument("preview");
    const from = readerAddress();
    const { start, end } = rateLimitWindow(new Date(), 3600);
    await db.rateLimitWindow.create({
      data: { key: `agreement:new:${shared.id}:${from}`, windowStart: start, expiresAt: end, count: NEW_ACCEPTANCES_PER_ADDRESS_PER_HOUR },
    });
    const reader = `browser-${randomBytes(8).toString("hex")}`;
    const refused = await acceptAgreement(shared, resolveAccess(shared, { browser: reader }), reader, from).then(
      () => null,
      (e: unknown) => e as ApiError,
    );
    expect([refused?.status, refused?.code, Number(refused?.headers["Retry-After"]) > 0]).toEqual([429, "rate_limited", true]);
    expect(await db.agreementAcceptance.count({ where: { documentId: shared.id } })).toBe(0);
    await acceptAgreement(shared, resolveAccess(shared, { browser: reader }), reader, readerAddress());
    expect(await db.agreementAcceptance.count({ where: { documentId: shared.id } })).toBe(1);
  });

  it("is refused before the email when the gate stands before page 1, recording nothing", async () => {
    const shared = await agreementDocument("full");
    const error = await acceptAgreement(shared, resolveAccess(shared, { browser }), browser, "203.0.113.7").then(
      () => null,
      (e: unknown) => e as ApiError,
    );
    expect([error?.status, error?.message]).toEqual([403, "Enter your email first."]);
    expect(await db.agreementAcceptance.count({ where: { documentId: shared.id } })).toBe(0);
  });
});
