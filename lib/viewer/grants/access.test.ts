import { describe, expect, it } from "vitest";
import type { Link } from "../../generated/prisma/client";
import type { SharedDocument } from "../../links/shared-document";
import { gateGrant, grantHolderDocument, passwordGrant, resolveAccess, shareCode } from "./access";
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
    allowList: [] as string[],
    blockList: [] as string[],
    link,
  }) as SharedDocument;
const link = (id: string, code: string) => ({ id, code, name: `Link ${id}` }) as Link;

const A = doc("doc-a");
const B = doc("doc-b");
const browser = "browser-one-0123456789";
const jane = { viewerId: "v1", email: "jane@acme.com", verified: false };
const other = "browser-two-0123456789";

/** A document read in a room, through the room's own code or one of its links, as `sharedRoomDocument` makes it. */
const inRoom = (base: SharedDocument, roomId: string, linkId: string | null = null) =>
  ({
    ...base,
    gateType: "full",
    room: {
      id: roomId,
      name: `Room ${roomId}`,
      code: "roomowncod",
      linkId,
      groupId: null,
      openedCode: linkId ? `${linkId}cod` : "roomowncod",
    },
  }) as SharedDocument;
const roomPass = { viewerId: "", email: "jane@acme.com", verified: false };

describe("viewer grants", () => {
  it("given in a room open each of its documents through that code, and nothing else", () => {
    const deck = inRoom(A, "room-1");
    const grants = { password: passwordGrant(deck, browser), gate: gateGrant(deck, browser, roomPass) };
    // Another document of the same room, through the same code.
    expect(resolveAccess(inRoom(B, "room-1"), { browser, ...grants })).toMatchObject({
      fullFile: true,
      gateEmail: "jane@acme.com",
      gateViewerId: null,
    });
    // Not the document's own code, not another room, not another link of the room, not another browser.
    expect(resolveAccess(A, { browser, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(inRoom(A, "room-2"), { browser, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(inRoom(A, "room-1", "link-x"), { browser, ...grants }).fullFile).toBe(false);
    expect(resolveAccess(inRoom(A, "room-1"), { browser: other, ...grants }).fullFile).toBe(false);
    // And a document's own grants open nothing of a room that holds it.
    const own = { password: passwordGrant(A, browser), gate: gateGrant(A, browser, jane) };
    expect(resolveAccess(deck, { browser, ...own }).fullFile).toBe(false);
    expect(shareCode(deck)).toBe("roomowncod");
    expect(shareCode(inRoom(A, "room-1", "link-x"))).toBe("link-xcod");
  });

  it("open the document in the browser they were given to", () => {
    const access = resolveAccess(A, { browser, password: passwordGrant(A, browser), gate: gateGrant(A, browser, jane) });
    expect([access.passwordOk, access.gatePassed, access.fullFile, access.gateViewerId]).toEqual([true, true, true, "v1"]);
  });

  it("grant nothing under the other grant's name", () => {
    const swapped = resolveAccess(A, { browser, password: gateGrant(A, browser, jane), gate: passwordGrant(A, browser) });
    expect([swapped.passwordOk, swapped.gatePassed, swapped.fullFile]).toEqual([false, false, false]);
    const open = doc("doc-open", null);
    expect(resolveAccess(open, { browser, gate: passwordGrant(open, browser) }).fullFile).toBe(false);
  });

  it("grant nothing for another document, another browser, a changed password or no browser cookie", () => {
    const grants = { password: passwordGrant(A, browser), gate: gateGrant(A, browser, jane) };
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
    const grantsA = { password: passwordGrant(viaA, browser), gate: gateGrant(viaA, browser, jane) };
    expect(resolveAccess(viaA, { browser, ...grantsA }).fullFile).toBe(true);
    expect(resolveAccess(viaB, { browser, ...grantsA })).toMatchObject({ passwordOk: false, gatePassed: false, fullFile: false });
    expect(resolveAccess(own, { browser, ...grantsA }).fullFile).toBe(false);
    const ownGrants = { password: passwordGrant(own, browser), gate: gateGrant(own, browser, jane) };
    expect(resolveAccess(viaA, { browser, ...ownGrants }).fullFile).toBe(false);
  });

  it("are kept under the code the reader opened", () => {
    expect(shareCode(doc("doc-a", "hash-1", link("link-a", "linkaaaaaa")))).toBe("linkaaaaaa");
    expect(shareCode(doc("doc-a"))).toBe("docowncode");
  });

  it("given before links existed keep opening the document's own code, and only it", () => {
    const claims = { d: "doc-a", p: passwordFingerprint("hash-1"), b: browser };
    const legacy = {
      password: createToken({ k: "password", ...claims }, 60),
      gate: createToken({ k: "gate", ...claims, v: "v1", e: "jane@acme.com" }, 60),
    };
    expect(resolveAccess(doc("doc-a"), { browser, ...legacy }).fullFile).toBe(true);
    expect(resolveAccess(doc("doc-a", "hash-1", link("link-a", "linkaaaaaa")), { browser, ...legacy }).fullFile).toBe(false);
  });

  it("given before gate grants named their email ask for the email again", () => {
    const claims = { k: "gate", d: "doc-a", p: passwordFingerprint("hash-1"), b: browser, v: "v1" };
    const access = resolveAccess(A, { browser, password: passwordGrant(A, browser), gate: createToken(claims, 60) });
    expect([access.gatePassed, access.fullFile, access.readablePages]).toEqual([false, false, 2]);
  });
});

describe("a gate grant is checked against the rules as they are now", () => {
  const rules = (changes: Partial<SharedDocument>) => ({ ...doc("doc-a", null), ...changes }) as SharedDocument;
  const passedAs = (pass: typeof jane, settings: SharedDocument) => {
    const before = rules({});
    return resolveAccess(settings, { browser, gate: gateGrant(before, browser, pass) });
  };
  const granted = rules({});

  it("reads with the email it was given for, for the watermark", () => {
    expect(passedAs(jane, granted)).toMatchObject({ gatePassed: true, fullFile: true, gateEmail: "jane@acme.com" });
  });

  it("stops opening the document once the owner blocks that email, its mailbox or its domain", () => {
    for (const blockList of [["jane@acme.com"], ["j.a.n.e+x@acme.com"], ["acme.com"]]) {
      const access = passedAs(jane, rules({ blockList }));
      expect([access.gatePassed, access.fullFile, access.canDownload, access.gateEmail], blockList[0]).toEqual([false, false, false, null]);
    }
    expect(passedAs(jane, rules({ blockList: ["bob@acme.com"] })).fullFile).toBe(true);
  });

  it("stops opening the document once an allow list leaves that email out", () => {
    expect(passedAs(jane, rules({ allowList: ["partner.io"] })).fullFile).toBe(false);
    expect(passedAs(jane, rules({ allowList: ["acme.com"] })).fullFile).toBe(true);
  });

  it("stops opening the document once emails must be verified, unless it was given for a verified email", () => {
    expect(passedAs(jane, rules({ verifyEmail: true })).fullFile).toBe(false);
    expect(passedAs({ ...jane, verified: true }, rules({ verifyEmail: true })).fullFile).toBe(true);
  });

  it("stops opening the document once free email is refused, for a free address", () => {
    const gmail = { ...jane, email: "jane@gmail.com" };
    expect(passedAs(gmail, rules({ blockFreeEmails: true })).fullFile).toBe(false);
    expect(passedAs(jane, rules({ blockFreeEmails: true })).fullFile).toBe(true);
  });
});

describe("the owner on their own link", () => {
  const owned = { ...A, ownerId: "owner-1", pageCount: 6 } as SharedDocument;

  it("sees every page past the password and gate as a preview, and only the owner does", () => {
    expect(resolveAccess(owned, {}, true)).toMatchObject({ ownerPreview: true, fullFile: true, readablePages: 6, gateViewerId: null });
    expect(resolveAccess(owned, {}, false)).toMatchObject({ ownerPreview: false, passwordOk: false, fullFile: false });
    expect(resolveAccess(owned, {})).toMatchObject({ ownerPreview: false, fullFile: false });
  });
});

describe("the document a browser holds a grant for", () => {
  it("is named by any validly signed grant given to this browser, and by nothing else", () => {
    expect(grantHolderDocument({ browser, gate: gateGrant(A, browser, jane) })).toBe("doc-a");
    expect(grantHolderDocument({ browser, password: passwordGrant(B, browser) })).toBe("doc-b");
    expect(grantHolderDocument({ browser: other, gate: gateGrant(A, browser, jane) })).toBeNull();
    expect(grantHolderDocument({ browser, gate: `${gateGrant(A, browser, jane)}x` })).toBeNull();
    expect(grantHolderDocument({ gate: gateGrant(A, browser, jane) })).toBeNull();
  });
});
