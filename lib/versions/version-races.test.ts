import { rm, writeFile } from "node:fs/promises";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { ownerAccess } from "@/test/support/fixtures";
import { firstUpload, newVersion, type Owner, versionsOwner } from "@/test/support/versions";
import { samplePdf } from "../../scripts/lib/sample-pdf";
import { db } from "../db/client";
import { processPdf, scratchPath } from "../documents/preview-file";
import { storage } from "../storage";
import { PAGE_FILES_DRAWN_WITH_EVERY_PAGE, pageFileKey } from "../storage/document-keys";
import { listVersions } from "./list-versions";
import { makeVersionCurrent } from "./make-version-current";
import { restoreVersion } from "./restore-version";

/** Issue 40, item 1: a restore and an upload (or two restores) of one document at once end in one consistent state. */

async function keepingTwo() {
  const user = await versionsOwner();
  await db.team.update({ where: { id: user.personalTeamId }, data: { versionsKept: 2 } });
  // One page each: the page drawn before the answer is all of it, so no background drawing competes with the race.
  const doc = await firstUpload(user, 1, { email_gate: false });
  await newVersion(user, doc.code, await samplePdf(1, "Version 2"));
  return { user, doc };
}

/** What the document says is current, and the kept versions, newest first, each with whether its file is stored. */
async function stateOf(user: Owner, documentId: string, code: string) {
  const row = await db.document.findUniqueOrThrow({ where: { id: documentId } });
  const rows = await db.documentVersion.findMany({ where: { documentId }, orderBy: { number: "desc" } });
  const stored = await Promise.all(rows.map((v) => storage().exists(v.storageKey)));
  const { versions } = await listVersions(user.personalTeamId, code);
  return {
    current: row.version,
    currentRowIsTheFile: rows.find((v) => v.number === row.version)?.storageKey === row.storageKey,
    currentFileStored: await storage().exists(row.storageKey),
    kept: versions.map((v, i) => ({ number: v.number, current: v.is_current, stored: stored[i] })),
  };
}

describe("versions changed at once (issue 40, item 1)", () => {
  it("a restore and an upload racing, 20 rounds: the current version's row and file always exist, the setting's 2 are kept, a pruned restore is 404", async () => {
    const { user, doc } = await keepingTwo();
    for (let round = 1; round <= 20; round++) {
      // Version round + 1 is current and version `round` the other one kept; the upload makes round + 2.
      const upload = samplePdf(1, `Version ${round + 2}`);
      const [restored, uploaded] = await Promise.allSettled([
        restoreVersion(ownerAccess(user), doc.code, round),
        upload.then((bytes) => newVersion(user, doc.code, bytes)),
      ]);
      expect(uploaded.status, `round ${round}: the upload`).toBe("fulfilled");
      if (restored.status === "fulfilled") expect(restored.value.document.version).toBe(round);
      else expect(restored.reason, `round ${round}: a restore that lost`).toMatchObject({ code: "not_found" });
      expect(await stateOf(user, doc.id, doc.code), `round ${round}`).toEqual({
        current: round + 2,
        currentRowIsTheFile: true,
        currentFileStored: true,
        kept: [
          { number: round + 2, current: true, stored: true },
          { number: round + 1, current: false, stored: true },
        ],
      });
    }
  }, 60_000);

  it("a restore whose version an upload pruned after it was read is 404 and changes nothing", async () => {
    const { user, doc } = await keepingTwo();
    // The restore has read version 1 and has its file on disk, inspected...
    const first = await db.documentVersion.findUniqueOrThrow({ where: { documentId_number: { documentId: doc.id, number: 1 } } });
    const local = await scratchPath("originals", ".pdf");
    await writeFile(local, await buffer((await storage().get(first.storageKey))!.body));
    try {
      const inspection = await processPdf(first.storageKey, local, { emailGate: false, gateType: "none", gatePage: null });
      // ...when an upload lands, keeps versions 3 and 2, and prunes version 1.
      const third = await newVersion(user, doc.code, await samplePdf(1, "Version 3"));
      const before = await stateOf(user, doc.id, doc.code);
      const restoring = makeVersionCurrent(ownerAccess(user), doc.id, {
        storageKey: first.storageKey,
        localPath: local,
        originalFilename: first.originalFilename,
        sourceType: first.sourceType,
        sizeBytes: Number(first.sizeBytes),
        inspection,
        restoring: 1,
      });
      await expect(restoring).rejects.toMatchObject({ code: "not_found" });
      expect(await stateOf(user, doc.id, doc.code)).toEqual(before);
      expect(before.current).toBe(third.document.version);
      expect(await db.event.count({ where: { documentId: doc.id, type: "document.updated" } })).toBe(2);
    } finally {
      await rm(local, { force: true });
    }
  });

  it("two restores of one version at once: one makes it current, the other is told it is, and its page images stay", async () => {
    const { user, doc } = await keepingTwo();
    const results = await Promise.allSettled([1, 1].map((number) => restoreVersion(ownerAccess(user), doc.code, number)));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")?.reason).toMatchObject({ code: "bad_request" });
    const row = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect([row.version, row.storageKey]).toEqual([1, doc.storageKey]);
    expect(row.pageImages).toBeGreaterThanOrEqual(1);
    for (const file of PAGE_FILES_DRAWN_WITH_EVERY_PAGE)
      expect(await storage().exists(pageFileKey(row.storageKey, 1, file)), file).toBe(true);
  });
});
