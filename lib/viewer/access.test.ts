import { describe, expect, it } from "vitest";
import type { Link } from "../generated/prisma/client";
import type { SharedDocument } from "../links/shared-document";
import { gateGrant, passwordGrant, resolveAccess, shareCode } from "./access";
import { createToken, passwordFingerprint } from "./signed-token";

const doc = (id: string, passwordHash: string | null = "hash-1", link: Link | null = null) =>
  ({
    id,
    code: "docowncode",
    passwordHash,
    emailGate: true,
    gateType: "preview",
    gatePage: 3,
    pageCount: 6,
    allowDownload: true,
    link,
  }) as SharedDocument;
const link = (id: string, code: string) => ({ id, code, name: `Link ${id}` }) as Link;

const A = doc("doc-a");
const B = doc("doc-b");
const browser = "browser-one-0123456789";
const other = "browser-two-0123456789";

describe("viewer grants", () => {
  it("open the document in the browser they were given to", () => {
    const access = resolveAccess(A, { browser, password: passwordGrant(A, browser), gate: gateGrant(A, browser, "v1") });
    expect([access.passwordOk, access.gatePassed, access.fullFile, access.gateViewerId]).toEqual([true, true, true, "v1"]);
  });

  it("grant nothing under the other grant's name", () => {
    const swapped = resolveAccess(A, { browser, password: gateGrant(A, browser, "v1"), gate: passwordGrant(A, browser) });
    expect([swapped.passwordOk, swapped.gatePassed, swapped.fullFile]).toEqual([false, false, false]);
    const open = doc("doc-open", null);
    expect(resolveAccess(open, { browser, gate: passwordGrant(open, browser) }).fullFile).toBe(false);
  });

  it("grant nothing for another document, another browser, a changed password or no browser cookie", () => {
    const grants = { password: passwordGrant(A, browser), gate: gateGrant(A, browser, "v1") };
    expect(resolveAccess(B, { browser, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(A, { browser: other, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(A, { ...grants }).fullFile).toBe(false);
    expect(resolveAccess(doc("doc-a", "hash-2"), { browser, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(A, { browser, password: grants.password }).readablePages).toBe(2);
  });

  it("open only the code they were given on: a link's grants open neither another link of the document nor its own code", () => {
    const viaA = doc("doc-a", "hash-1", link("link-a", "linkaaaaaa"));
    const viaB = doc("doc-a", "hash-1", link("link-b", "linkbbbbbb"));
    const own = doc("doc-a");
    const grantsA = { password: passwordGrant(viaA, browser), gate: gateGrant(viaA, browser, "v1") };
    expect(resolveAccess(viaA, { browser, ...grantsA }).fullFile).toBe(true);
    expect(resolveAccess(viaB, { browser, ...grantsA })).toMatchObject({ passwordOk: false, gatePassed: false, fullFile: false });
    expect(resolveAccess(own, { browser, ...grantsA }).fullFile).toBe(false);
    const ownGrants = { password: passwordGrant(own, browser), gate: gateGrant(own, browser, "v1") };
    expect(resolveAccess(viaA, { browser, ...ownGrants }).fullFile).toBe(false);
  });

  it("are kept under the code the reader opened", () => {
    expect(shareCode(doc("doc-a", "hash-1", link("link-a", "linkaaaaaa")))).toBe("linkaaaaaa");
    expect(shareCode(doc("doc-a"))).toBe("docowncode");
  });

  it("given before links existed keep opening the document's own code, and only it", () => {
    const claims = { d: "doc-a", p: passwordFingerprint("hash-1"), b: browser };
    const legacy = { password: createToken({ k: "password", ...claims }, 60), gate: createToken({ k: "gate", ...claims, v: "v1" }, 60) };
    expect(resolveAccess(doc("doc-a"), { browser, ...legacy }).fullFile).toBe(true);
    expect(resolveAccess(doc("doc-a", "hash-1", link("link-a", "linkaaaaaa")), { browser, ...legacy }).fullFile).toBe(false);
  });
});
