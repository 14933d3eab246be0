import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument, uploadSampleVersion } from "../../../scripts/lib/demo-data";
import { noReaderCap, openAccess } from "../../../test/support/fixtures";
import { db } from "../../db/client";
import type { Document } from "../../generated/prisma/client";
import { sharedDocument } from "../../links/shared-document";
import { createUser } from "../../users/create-user";
import { agreementGrant, gateGrant, passwordGrant, resolveAccess } from "../grants/access";
import { ingestNow } from "../../../test/support/ingest-now";
import { updatedSinceLastVisit } from "./updated-since-visit";

let owner: Awaited<ReturnType<typeof createUser>>;
beforeEach(async () => {
  owner = await createUser({ email: `returning-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
});

const browser = () => randomBytes(12).toString("base64url");

async function read(doc: Document, browserId: string, version: number) {
  const batch = { batch_id: `b_${randomBytes(8).toString("hex")}`, version, pages: [{ page: 1, seconds: 3 }] };
  await ingestNow(doc, openAccess(doc.pageCount), browserId, batch, noReaderCap);
}

describe("a reader across versions", () => {
  it("keeps the password, gate and agreement grants they were given: a new version changes no grant", async () => {
    const doc = await createSampleDocument(owner, "Granted", 4, {
      password: "open sesame",
      email_gate: true,
      gate_type: "preview",
      gate_page: 2,
      agreement: "Keep it to yourself.",
    });
    const before = sharedDocument(doc, null);
    const id = browser();
    const cookies = {
      browser: id,
      password: passwordGrant(before, id),
      gate: gateGrant(before, id, { viewerId: "v-granted", email: "ann@acme.com", verified: false }),
      agreement: agreementGrant(before, id),
    };
    expect(resolveAccess(before, cookies).fullFile).toBe(true);
    const after = sharedDocument(await uploadSampleVersion(owner, doc, 6), null);
    expect(resolveAccess(after, cookies)).toMatchObject({ passwordOk: true, gatePassed: true, agreementAccepted: true, readablePages: 6 });
  });

  it("is told the document was updated, with the new version's date, when their last visit read an older version", async () => {
    const doc = await createSampleDocument(owner, "Returning", 3, { email_gate: false });
    const returning = browser();
    await read(doc, returning, 1);
    expect(await updatedSinceLastVisit(doc, { browserId: returning, gateViewerId: null })).toBeNull();

    const updated = await uploadSampleVersion(owner, doc, 2);
    const uploaded = await db.documentVersion.findUniqueOrThrow({ where: { documentId_number: { documentId: doc.id, number: 2 } } });
    expect(await updatedSinceLastVisit(updated, { browserId: returning, gateViewerId: null })).toEqual(uploaded.createdAt);

    await read(updated, returning, 2);
    expect(await updatedSinceLastVisit(updated, { browserId: returning, gateViewerId: null })).toBeNull();
  });

  it("tells a first-time reader nothing", async () => {
    const doc = await createSampleDocument(owner, "New reader", 3, { email_gate: false });
    const updated = await uploadSampleVersion(owner, doc, 2);
    expect(await updatedSinceLastVisit(updated, { browserId: browser(), gateViewerId: null })).toBeNull();
    expect(await updatedSinceLastVisit(updated, { browserId: undefined, gateViewerId: null })).toBeNull();
  });
});
