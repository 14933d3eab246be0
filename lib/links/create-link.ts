import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import type { Document, Link, Prisma } from "../generated/prisma/client";
import type { LinkCreate } from "../schemas/links";
import { storage } from "../storage";
import { now } from "../time";
import { unusedShareCode } from "../documents/share-code";
import { apiShortCode } from "../documents/short-code";
import { changeOverrides } from "./link-overrides";
import { previewFor } from "./link-preview";

const CODE_ATTEMPTS = 5;

/** A new link of the document with its own code; its preview file is built first when it overrides the gate. */
export async function createLink(by: AuditActor, doc: Document, input: LinkCreate): Promise<Link> {
  const { overrides, passwordHash } = await changeOverrides(doc, {}, input.settings);
  const draft: Link = {
    id: "",
    documentId: doc.id,
    code: "",
    name: input.name,
    overrides: overrides as Prisma.JsonObject,
    passwordHash: passwordHash ?? null,
    previewStorageKey: null,
    previewPageCount: 0,
    disabledAt: null,
    deletedAt: null,
    createdAt: now(),
    updatedAt: now(),
  };
  const preview = await previewFor(doc, draft, overrides);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const code = await unusedShareCode();
        return await db.$transaction(async (tx) => {
          const link = await tx.link.create({
            data: {
              documentId: doc.id,
              code,
              name: input.name,
              overrides: overrides as Prisma.JsonObject,
              passwordHash: passwordHash ?? null,
              previewStorageKey: preview?.previewStorageKey ?? null,
              previewPageCount: preview?.previewPageCount ?? 0,
              createdAt: draft.createdAt,
            },
          });
          await recordAudit(tx, by, {
            action: "link.created",
            target: { id: apiShortCode(link.code), label: link.name },
            details: { document: { short_code: apiShortCode(doc.code), title: doc.title }, settings: overrides },
          });
          return link;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    if (preview?.created)
      await storage()
        .delete(preview.created)
        .catch(() => undefined);
    throw error;
  }
}
