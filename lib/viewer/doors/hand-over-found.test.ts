import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { db } from "../../db/client";
import type { Document } from "../../generated/prisma/client";
import { newDocumentCode } from "../../ids";
import { createUser } from "../../users/create-user";
import { parseShareCode } from "../../documents/short-code";
import { findPublicDocument } from "./find-public-document";
import { handOverFound, receiveFound } from "./hand-over-found";
import { openDoor } from "./open-door";
import { pagePublicDocument } from "./page-public-document";

const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomBytes(3).toString("hex")}`;

let doc: Document;
beforeEach(async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  doc = await createSampleDocument(owner, "Before", 3, { email_gate: false });
});

/** What proxy.ts does at the page's door: look the code up there, hand the result to the page. */
async function throughTheProxy(code: string) {
  const door = await openDoor("page", code, address());
  return { door, header: handOverFound(parseShareCode(code)!, door.found!) };
}

describe("a page view of a share code", () => {
  it("resolves the code once: the page reads what the proxy's door found and does not look the code up again", async () => {
    const { header } = await throughTheProxy(doc.code);
    // Changed after the door's lookup: a page that looked the code up again would see it.
    await db.document.update({ where: { id: doc.id }, data: { title: "After" } });

    const page = await pagePublicDocument(doc.code, header);
    expect(page).toMatchObject({ state: "active", doc: { id: doc.id, title: "Before" } });
    expect(await findPublicDocument(doc.code)).toMatchObject({ state: "active", doc: { title: "After" } });
  });

  it("gets a link's document from the hand-over exactly as the door found it (dates, sizes and overrides included)", async () => {
    const link = await db.link.create({
      data: {
        documentId: doc.id,
        code: newDocumentCode(),
        name: "Fund",
        overrides: { allow_download: false, expires_at: "2999-01-01T00:00:00.000Z" },
      },
    });
    const { door, header } = await throughTheProxy(link.code);
    expect(door.found).toMatchObject({ state: "active", doc: { allowDownload: false, link: { id: link.id } } });
    expect(await pagePublicDocument(link.code, header)).toEqual(door.found);
  });

  it("hands over a gone or disabled code's state too, so the page answers it without a lookup", async () => {
    const link = await db.link.create({ data: { documentId: doc.id, code: newDocumentCode(), name: "Off", disabledAt: new Date() } });
    const { header } = await throughTheProxy(link.code);
    await db.link.update({ where: { id: link.id }, data: { disabledAt: null } });
    expect(await pagePublicDocument(link.code, header)).toEqual({ state: "disabled" });
  });

  it("without the proxy (no hand-over, a forged, stale or another code's one) the page looks the code up itself", async () => {
    const { door, header } = await throughTheProxy(doc.code);
    await db.document.update({ where: { id: doc.id }, data: { title: "After" } });
    const code = parseShareCode(doc.code)!;
    expect(receiveFound(code, header)).toEqual(door.found);

    const [payload, signature] = header.split(".");
    // A hand-over rewritten to open the document under another title (or with no password) keeps no valid signature.
    const forged = Buffer.from(
      Buffer.from(payload!, "base64url").toString("utf8").replace('"title":"Before"', '"title":"Forged"'),
    ).toString("base64url");
    expect(forged).not.toBe(payload);
    const other = await createSampleDocument({ id: doc.createdById!, personalTeamId: doc.teamId }, "Other", 2, { email_gate: false });
    const refused = [null, "", "garbage", `${forged}.${signature}`, `${payload}.${signature!.slice(1)}x`];
    for (const value of refused) expect(receiveFound(code, value)).toBeNull();
    expect(receiveFound(parseShareCode(other.code)!, header)).toBeNull();
    expect(receiveFound(code, header, Date.now() + 61_000)).toBeNull();

    for (const value of refused)
      expect(await pagePublicDocument(doc.code, value)).toMatchObject({ state: "active", doc: { title: "After" } });
    expect(await pagePublicDocument(other.code, header)).toMatchObject({ state: "active", doc: { id: other.id } });
  });
});
