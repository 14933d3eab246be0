import { randomBytes } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { createLink } from "../links/create-link";
import { setClockOffset } from "../time";
import { createUser } from "../users/create-user";
import { storage } from "./index";
import { sweepOrphanedObjects } from "./sweep-orphans";

afterEach(() => setClockOffset(0));

it("keeps every file a document or a link points at, and removes what nothing points at", async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Sweep", 6, { gate_type: "preview", gate_page: 4 });
  const link = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Two free pages", settings: { gate_page: 3 } });
  expect(link.previewStorageKey).not.toBeNull();
  const stray = `documents/${doc.id}/preview-9p-dead.pdf`;
  await storage().put(stray, Buffer.from("%PDF-"), 5);

  setClockOffset(2 * 3_600_000);
  const removed = await sweepOrphanedObjects(3_600_000);

  expect(removed).toContain(stray);
  for (const key of [doc.storageKey, doc.previewStorageKey!, link.previewStorageKey!]) {
    expect(removed).not.toContain(key);
    expect(await storage().exists(key)).toBe(true);
  }
});
