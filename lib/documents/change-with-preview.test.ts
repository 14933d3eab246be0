import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { lockKeys } from "../db/locks";
import { storage } from "../storage";
import { createUser } from "../users/create-user";
import { changeWithPreview } from "./change-with-preview";

it("drops a preview planned for settings that changed before the lock, plans again, and removes the file it replaced", async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Raced", 5, { email_gate: true, gate_type: "preview", gate_page: 4 });
  const original = doc.previewStorageKey!;
  const built: string[] = [];
  const changed = await changeWithPreview({
    lockKey: lockKeys.documentSettings(doc.id),
    read: (client) => client.document.findUniqueOrThrow({ where: { id: doc.id } }),
    plan: async (row) => {
      const key = `documents/${doc.id}/preview-test-${built.length}.pdf`;
      const bytes = Buffer.from(`built for gate page ${row.gatePage}`);
      await storage().put(key, bytes, bytes.length);
      built.push(key);
      // Another change lands while the first plan is being made.
      if (built.length === 1) await db.document.update({ where: { id: doc.id }, data: { gatePage: 2 } });
      return { preview: { previewStorageKey: key, previewPageCount: row.gatePage - 1, created: key, replaced: row.previewStorageKey } };
    },
    planFits: (planned, current) => planned.gatePage === current.gatePage,
    write: (tx, _current, { preview }) =>
      tx.document.update({
        where: { id: doc.id },
        data: { previewStorageKey: preview.previewStorageKey, previewPageCount: preview.previewPageCount },
      }),
  });

  expect(built).toHaveLength(2);
  expect(changed.previewStorageKey).toBe(built[1]);
  expect(changed.previewPageCount).toBe(1);
  expect(await storage().exists(built[0]!)).toBe(false);
  expect(await storage().exists(original)).toBe(false);
  expect(await storage().exists(built[1]!)).toBe(true);
});
