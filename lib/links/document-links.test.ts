import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { ApiError } from "../errors";
import { createUser } from "../users/create-user";
import { createLink } from "./create-link";
import { documentLink } from "./document-links";

async function documentOf(title: string) {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  return createSampleDocument(owner, title, 3, { email_gate: false });
}

describe("documentLink: the link a link page shows", () => {
  it("is the document's link with that code, its settings over the document's, and the filter counting its activity", async () => {
    const doc = await documentOf("Memo");
    const link = await createLink({ teamId: doc.teamId, userId: null }, doc, {
      name: "Acme — Ann",
      settings: { email_gate: true, allow_download: false },
    });
    expect(await documentLink(doc, link.code)).toEqual({
      name: "Acme — Ann",
      code: link.code,
      url: expect.stringMatching(new RegExp(`/s/${link.code}$`)),
      isActive: true,
      expired: false,
      overrides: { email_gate: true, allow_download: false },
      rules: "Its own email gate, downloads; the rest follows the document.",
      deleted: false,
      collectsLeads: true,
      allowsDownload: false,
      filter: { linkId: link.id },
    });
    // The `s-` form of a code names the same link.
    expect((await documentLink(doc, `s-${link.code}`)).filter).toEqual({ linkId: link.id });
  });

  it("is the default link for the document's own code: no name, the activity without a link", async () => {
    const doc = await documentOf("Own code");
    expect(await documentLink(doc, doc.code)).toMatchObject({
      name: null,
      code: doc.code,
      rules: null,
      deleted: false,
      collectsLeads: false,
      allowsDownload: true,
      filter: { linkId: null },
    });
  });

  it("still finds a disabled or deleted link, saying which", async () => {
    const doc = await documentOf("Old links");
    const link = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Gone" });
    await db.link.update({ where: { id: link.id }, data: { disabledAt: new Date(), deletedAt: new Date() } });
    expect(await documentLink(doc, link.code)).toMatchObject({ name: "Gone", isActive: false, deleted: true, filter: { linkId: link.id } });
  });

  it("is 404 for another document's link, an unknown code and a malformed one", async () => {
    const doc = await documentOf("Mine");
    const other = await documentOf("Theirs");
    const theirs = await createLink({ teamId: other.teamId, userId: null }, other, { name: "Not yours" });
    for (const code of [theirs.code, other.code, "zzzzzzzzzz", "../etc"]) {
      const error = await documentLink(doc, code).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "not_found", message: "Link not found" });
    }
  });
});
