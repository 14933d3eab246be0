import { describe, expect, it } from "vitest";
import { ownerAccess } from "@/test/support/fixtures";
import { firstUpload, newVersion, versionsOwner } from "@/test/support/versions";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { db } from "../db/client";
import { updateDocument } from "../documents/update-document";
import { changeDocumentSettings } from "../links/change-document-settings";
import { createLink } from "../links/create-link";
import { findOwnedLink } from "../links/find-link";
import { linkOverrides } from "../links/shared-document";
import { updateLink } from "../links/update-link";
import { restoreVersion } from "./restore-version";
import { waitingGateNotice, waitingGates } from "./waiting-gates";

/** Issue 40, item 12: a version too short for a gate's chosen page moves the gate only while it is current. */

const gatesOf = async (documentId: string) => {
  const doc = await db.document.findUniqueOrThrow({ where: { id: documentId } });
  const links = await db.link.findMany({ where: { documentId }, orderBy: { createdAt: "asc" } });
  return {
    document: [doc.gatePage, doc.gatePageChosen, doc.previewPageCount],
    links: links.map((l) => [linkOverrides(l).gate_page, l.gatePageChosen, l.previewPageCount]),
  };
};

describe("the page chosen for a gate (issue 40, item 12)", () => {
  it("a 1-page version moves the gates to page 1 while it is current; longer versions bring the chosen pages back, and each change says so", async () => {
    const user = await versionsOwner();
    const doc = await firstUpload(user, 12, { gate_page: 2 });
    const link = await createLink(ownerAccess(user), doc, { name: "Investors", settings: { gate_page: 7 } });

    const short = await newVersion(user, doc.code, await samplePdf(1, "One page"));
    expect([short.gatePageClamped, short.gatePageRestored]).toEqual([{ from: 2, to: 1, chosen: 2 }, null]);
    expect(short.linksClamped).toEqual([{ code: link.code, name: "Investors", from: 7, to: 1, chosen: 7 }]);
    // [gate page, chosen page waiting, preview pages]: the gate stands before page 1, no preview.
    expect(await gatesOf(doc.id)).toEqual({ document: [1, 2, 0], links: [[1, 7, 0]] });
    expect((await waitingGates(short.document)).map((gate) => waitingGateNotice(gate, short.document))).toEqual([
      "The gate stands on page 1 while version 2 (1 page) is current, not on page 2, the page chosen for it. It goes back to page 2 when a version with 2 pages or more is current.",
      "The gate of the link “Investors” stands on page 1 while version 2 (1 page) is current, not on page 7, the page chosen for it. It goes back to page 7 when a version with 7 pages or more is current.",
    ]);

    const middle = await newVersion(user, doc.code, await samplePdf(5, "Five pages"));
    expect([middle.gatePageClamped, middle.gatePageRestored]).toEqual([null, { from: 1, to: 2, chosen: 2 }]);
    expect(middle.linksRestored).toEqual([{ code: link.code, name: "Investors", from: 1, to: 5, chosen: 7 }]);
    expect(await gatesOf(doc.id)).toEqual({ document: [2, null, 1], links: [[5, 7, 4]] });

    const back = await restoreVersion(ownerAccess(user), doc.code, 1);
    expect([back.gatePageClamped, back.gatePageRestored, back.linksClamped]).toEqual([null, null, []]);
    expect(back.linksRestored).toEqual([{ code: link.code, name: "Investors", from: 5, to: 7, chosen: 7 }]);
    expect(await gatesOf(doc.id)).toEqual({ document: [2, null, 1], links: [[7, null, 6]] });
    expect(await waitingGates(back.document)).toEqual([]);

    const entries = await db.auditEntry.findMany({
      where: { targetId: `s-${doc.code}`, action: { startsWith: "document.version_" } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => (e.details as { changes?: unknown }).changes ?? null)).toEqual([
      { gate_page: { from: 2, to: 1 } },
      { gate_page: { from: 1, to: 2 } },
      null,
    ]);
    const events = await db.event.findMany({ where: { documentId: doc.id, type: "document.updated" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => (e.payload as { data: { gate_page_restored: unknown } }).data.gate_page_restored)).toEqual([
      null,
      { from: 1, to: 2, chosen: 2 },
      null,
    ]);
  });

  it("saving the page a gate stands on keeps the chosen one waiting; choosing another page, or the document's, replaces it", async () => {
    const user = await versionsOwner();
    const doc = await firstUpload(user, 6, { gate_page: 4 });
    const link = await createLink(ownerAccess(user), doc, { name: "Board", settings: { gate_page: 5 } });
    const other = await createLink(ownerAccess(user), doc, { name: "Fund", settings: { gate_page: 6 } });
    const short = await newVersion(user, doc.code, await samplePdf(2, "Two pages"));
    expect(await gatesOf(doc.id)).toEqual({
      document: [2, 4, 1],
      links: [
        [2, 5, 1],
        [2, 6, 1],
      ],
    });

    // The dashboard's forms send every field, the gate's page as it stands among them.
    await changeDocumentSettings(ownerAccess(user), short.document, { title: "Renamed", gate_page: 2 });
    await updateLink(ownerAccess(user), await findOwnedLink(user.personalTeamId, link.code), {
      name: "Board (2)",
      settings: { gate_page: 2 },
    });
    expect(await gatesOf(doc.id)).toEqual({
      document: [2, 4, 1],
      links: [
        [2, 5, 1],
        [2, 6, 1],
      ],
    });

    await updateDocument(ownerAccess(user), short.document, { gate_page: 1 });
    await updateLink(ownerAccess(user), await findOwnedLink(user.personalTeamId, link.code), { settings: { gate_page: 1 } });
    await updateLink(ownerAccess(user), await findOwnedLink(user.personalTeamId, other.code), { inherit: ["gate_page", "email_gate"] });
    expect(await gatesOf(doc.id)).toEqual({
      document: [1, null, 0],
      links: [
        [1, null, 0],
        [undefined, null, 0],
      ],
    });

    const back = await restoreVersion(ownerAccess(user), doc.code, 1);
    expect([back.gatePageClamped, back.gatePageRestored, back.linksClamped, back.linksRestored]).toEqual([null, null, [], []]);
    expect(await gatesOf(doc.id)).toEqual({
      document: [1, null, 0],
      links: [
        [1, null, 0],
        [undefined, null, 0],
      ],
    });
  });
});
