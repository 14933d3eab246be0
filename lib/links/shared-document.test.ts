import { describe, expect, it } from "vitest";
import type { Document, Link } from "../generated/prisma/client";
import { isExpired, sharedDocument } from "./shared-document";

const doc = {
  id: "d",
  code: "abcdefghij",
  emailGate: true,
  gateType: "preview",
  gatePage: 3,
  allowDownload: true,
  blockFreeEmails: false,
  passwordHash: "doc-hash",
  previewStorageKey: "doc-preview",
  previewPageCount: 2,
  expiresAt: null,
  verifyEmail: false,
  allowList: [],
  blockList: [],
  watermark: "{email}",
  agreement: null,
} as unknown as Document;

const link = (overrides: object, extra: Partial<Link> = {}) =>
  ({
    id: "l",
    code: "klmnopqrst",
    overrides,
    passwordHash: null,
    previewStorageKey: null,
    previewPageCount: 0,
    ...extra,
  }) as unknown as Link;

describe("sharedDocument: a link's settings over its document's", () => {
  it("follows the document for every key the link does not override", () => {
    const shared = sharedDocument(doc, link({}));
    expect(shared).toMatchObject({
      emailGate: true,
      gateType: "preview",
      gatePage: 3,
      passwordHash: "doc-hash",
      previewStorageKey: "doc-preview",
      watermark: "{email}",
    });
    expect(shared.link?.code).toBe("klmnopqrst");
  });

  it("overrides with the link's values, null included", () => {
    const shared = sharedDocument(
      doc,
      link({ allow_download: false, watermark: null, expires_at: "2026-12-01T00:00:00.000Z", password: true }, { passwordHash: null }),
    );
    expect(shared.allowDownload).toBe(false);
    expect(shared.watermark).toBeNull();
    expect(shared.passwordHash).toBeNull();
    expect(shared.expiresAt?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("shows the link's own preview when the link changes its gate", () => {
    const shared = sharedDocument(doc, link({ gate_page: 2 }, { previewStorageKey: "link-preview", previewPageCount: 1 }));
    expect(shared).toMatchObject({ gatePage: 2, previewStorageKey: "link-preview", previewPageCount: 1 });
  });

  it("stands the email gate up before page 1 when an allow list or verification needs an email and no gate stands", () => {
    expect(sharedDocument(doc, link({ email_gate: false, allow: ["acme.com"] }))).toMatchObject({ emailGate: true, gateType: "full" });
    expect(sharedDocument({ ...doc, gateType: "none", verifyEmail: true } as Document, null)).toMatchObject({
      emailGate: true,
      gateType: "full",
    });
    expect(sharedDocument(doc, link({ allow: ["acme.com"] }))).toMatchObject({ emailGate: true, gateType: "preview" });
  });

  it("is expired from its expiry on", () => {
    const at = new Date("2026-12-01T00:00:00.000Z");
    expect(isExpired({ expiresAt: at }, new Date(at.getTime() - 1))).toBe(false);
    expect(isExpired({ expiresAt: at }, at)).toBe(true);
    expect(isExpired({ expiresAt: null }, at)).toBe(false);
  });
});
