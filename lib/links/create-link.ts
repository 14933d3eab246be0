import { type AuditActor, recordAudit } from "../audit/record-audit";
import { db } from "../db/client";
import { holdLock, lockKeys } from "../db/locks";
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

/**
 * A new link of the document with its own code; its preview file is built first when it overrides
 * the gate. It is written under the document's settings lock, and only if the document's file is still
 * the one the preview was built from (a new version landing meanwhile has it built again).
 */
export async function createLink(by: AuditActor, doc: Document, input: LinkCreate): Promise<Link> {
  let source = doc;
  for (let attempt = 1; ; attempt++) {
    const { overrides, passwordHash } = await changeOverrides(source, {}, input.settings);
    const draft: Link = {
      id: "",
      documentId: doc.id,
      code: "",
      name: input.name,
      overrides: overrides as Prisma.JsonObject,
      gatePageChosen: null,
      passwordHash: passwordHash ?? null,
      previewStorageKey: null,
      previewPageCount: 0,
      disabledAt: null,
      deletedAt: null,
      createdAt: now(),
      updatedAt: now(),
    };
    const preview = await previewFor(source, draft, overrides);
    try {
      const code = await unusedShareCode();
      const made = await db.$transaction(async (tx) => {
        await holdLock(tx, lockKeys.documentSettings(doc.id));
        const current = await tx.document.findUniqueOrThrow({ where: { id: doc.id } });
        if (current.storageKey !== source.storageKey) return { link: null, stale: current };
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
        return { link, stale: null };
      });
      if (made.link) return made.link;
      source = made.stale;
      await removePreview(preview?.created);
    } catch (error) {
      await removePreview(preview?.created);
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

async function removePreview(key: string | null | undefined) {
  if (key)
    await storage()
      .delete(key)
      .catch(() => undefined);
}
