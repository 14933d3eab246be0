import { config } from "../config";
import { db } from "../db/client";
import type { Link, Prisma } from "../generated/prisma/client";
import type { LinkUpdate } from "../schemas/links";
import { storage } from "../storage";
import { now } from "../time";
import type { OwnedLink } from "./find-link";
import { changeOverrides } from "./link-overrides";
import { previewFor, type PreviewChange } from "./link-preview";
import { linkOverrides } from "./shared-document";

/**
 * Renames, enables or disables a link and merges its overrides. Updates of one link are serialized
 * (a transaction-scoped advisory lock), each reading the link afresh, so concurrent PATCHes cannot
 * leave a preview file that does not match the stored gate; a replaced preview file is removed
 * only after the row points at its successor.
 */
export async function updateLink(link: OwnedLink, update: LinkUpdate): Promise<Link> {
  let preview: PreviewChange | null = null;
  try {
    const updated = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`link-settings:${link.id}`}, 0))`;
        const current = await tx.link.findUniqueOrThrow({ where: { id: link.id } });
        const data: Prisma.LinkUpdateInput = {
          ...(update.name !== undefined && { name: update.name }),
          ...(update.is_active !== undefined && { disabledAt: update.is_active ? null : (current.disabledAt ?? now()) }),
        };
        if (update.settings || update.inherit) {
          const { overrides, passwordHash } = await changeOverrides(link.document, linkOverrides(current), update.settings, update.inherit);
          data.overrides = overrides as Prisma.JsonObject;
          if (passwordHash !== undefined) data.passwordHash = passwordHash;
          preview = await previewFor(link.document, current, overrides);
          if (preview) {
            data.previewStorageKey = preview.previewStorageKey;
            data.previewPageCount = preview.previewPageCount;
          }
        }
        return tx.link.update({ where: { id: link.id }, data });
      },
      // Rebuilding a preview runs inside: give it the PDF worker's time limit.
      { timeout: (config().PDF_WORKER_TIMEOUT_SECONDS + 30) * 1000, maxWait: 30_000 },
    );
    const replaced = (preview as PreviewChange | null)?.replaced;
    if (replaced)
      await storage()
        .delete(replaced)
        .catch(() => undefined);
    return updated;
  } catch (error) {
    const created = (preview as PreviewChange | null)?.created;
    if (created)
      await storage()
        .delete(created)
        .catch(() => undefined);
    throw error;
  }
}
