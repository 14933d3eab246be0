import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { storage } from "../storage";
import { createUser } from "../users/create-user";
import { changeDocumentSettings } from "./change-document-settings";
import { createLink } from "./create-link";

it("one call moves the document's gate and rebuilds the preview of a link that shows its own, removing the old file", async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner, "Gate moves", 6, { email_gate: false, gate_type: "preview", gate_page: 4 });
  // The link stands the gate up where the document has none: its free pages follow the document's gate_page.
  const link = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Gated for Jane", settings: { email_gate: true } });
  const follower = await createLink({ teamId: doc.teamId, userId: null }, doc, { name: "Follows the document" });
  expect(link.previewPageCount).toBe(3);
  const before = link.previewStorageKey!;

  const moved = await changeDocumentSettings({ teamId: doc.teamId, userId: null }, doc, { gate_page: 2 });

  expect(moved.gatePage).toBe(2);
  expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).gatePage).toBe(2);
  const after = await db.link.findUniqueOrThrow({ where: { id: link.id } });
  expect(after.previewPageCount).toBe(1);
  expect(after.previewStorageKey).not.toBe(before);
  expect(await storage().exists(after.previewStorageKey!)).toBe(true);
  expect(await storage().exists(before)).toBe(false);
  // A link on the document's own gate keeps no file of its own.
  expect((await db.link.findUniqueOrThrow({ where: { id: follower.id } })).previewStorageKey).toBeNull();
});
