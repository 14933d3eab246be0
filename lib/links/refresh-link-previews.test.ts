import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { db } from "../db/client";
import { updateDocument } from "../documents/update-document";
import { storage } from "../storage";
import { createUser } from "../users/create-user";
import { createLink } from "./create-link";
import { refreshLinkPreviews } from "./update-link";

it("rebuilds a link's own preview when the document's gate changes under it, and removes the old file", async () => {
  const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  const doc = await createSampleDocument(owner.id, "Gate moves", 6, { email_gate: false, gate_type: "preview", gate_page: 4 });
  // The link stands the gate up where the document has none: its free pages follow the document's gate_page.
  const link = await createLink(doc, { name: "Gated for Jane", settings: { email_gate: true } });
  expect(link.previewPageCount).toBe(3);
  const before = link.previewStorageKey!;

  const moved = await updateDocument(doc, { gate_page: 2 });
  await refreshLinkPreviews(moved);

  const after = await db.link.findUniqueOrThrow({ where: { id: link.id } });
  expect(after.previewPageCount).toBe(1);
  expect(after.previewStorageKey).not.toBe(before);
  expect(await storage().exists(after.previewStorageKey!)).toBe(true);
  expect(await storage().exists(before)).toBe(false);
});
