import { type AuditActor, fieldChanges, recordAudit } from "../audit/record-audit";
import type { Tx } from "../db/client";
import { lockKeys } from "../db/locks";
import { changeWithPreview } from "../documents/change-with-preview";
import type { Link, Prisma } from "../generated/prisma/client";
import { apiShortCode } from "../documents/short-code";
import type { LinkUpdate } from "../schemas/links";
import { now } from "../time";
import type { OwnedLink } from "./find-link";
import { changeOverrides, type OverridesChange } from "./link-overrides";
import { previewFor } from "./link-preview";
import { linkOverrides } from "./shared-document";

/** What a link's change is recorded as: its name, whether it is on, its own settings (never a password hash). */
const auditedFields = (link: Link) => ({
  name: link.name,
  is_active: link.disabledAt === null,
  settings: link.overrides,
  password: link.passwordHash !== null,
});

/**
 * Renames, enables or disables a link and merges its overrides. Updates of one link are serialized
 * and a preview that no longer fits its gate is rebuilt before the lock is taken
 * (`changeWithPreview`). `by` null: the change follows another one that is audited on its own (a
 * new preview after the document's settings changed).
 */
export async function updateLink(by: AuditActor | null, link: OwnedLink, update: LinkUpdate): Promise<Link> {
  const changesSettings = Boolean(update.settings || update.inherit);
  return changeWithPreview({
    lockKey: lockKeys.linkSettings(link.id),
    // The document is read afresh too: a new version may have replaced the file a preview is built from.
    read: (client: Tx) => client.link.findUniqueOrThrow({ where: { id: link.id }, include: { document: true } }),
    plan: async (current) => {
      if (!changesSettings) return { preview: null, settings: null };
      const settings: OverridesChange = await changeOverrides(current.document, linkOverrides(current), update.settings, update.inherit);
      return { preview: await previewFor(current.document, current, settings.overrides), settings };
    },
    // The overrides were merged into, and the preview built for, what the rows held when planned.
    planFits: (planned, current) =>
      planned.document.storageKey === current.document.storageKey &&
      JSON.stringify(planned.overrides) === JSON.stringify(current.overrides) &&
      planned.previewPageCount === current.previewPageCount &&
      planned.previewStorageKey === current.previewStorageKey,
    write: async (tx, current, { preview, settings }) => {
      const data: Prisma.LinkUpdateInput = {
        ...(update.name !== undefined && { name: update.name }),
        ...(update.is_active !== undefined && { disabledAt: update.is_active ? null : (current.disabledAt ?? now()) }),
        ...(settings && { overrides: settings.overrides as Prisma.JsonObject }),
        // Another page, or the document's again, is a new choice; the page the gate stands on keeps the one waiting for a longer version.
        ...(settings && settings.overrides.gate_page !== linkOverrides(current).gate_page && { gatePageChosen: null }),
        ...(settings?.passwordHash !== undefined && { passwordHash: settings.passwordHash }),
        ...(preview && { previewStorageKey: preview.previewStorageKey, previewPageCount: preview.previewPageCount }),
      };
      const updated = await tx.link.update({ where: { id: link.id }, data });
      const changes = by && fieldChanges(auditedFields(current), auditedFields(updated));
      const passwordReplaced = typeof settings?.passwordHash === "string" && current.passwordHash !== null;
      if (by && (changes || passwordReplaced))
        await recordAudit(tx, by, {
          action: "link.updated",
          target: { id: apiShortCode(updated.code), label: updated.name },
          details: {
            changes: { ...changes, ...(passwordReplaced && { password: { from: "set", to: "replaced" } }) },
            document: { short_code: apiShortCode(link.document.code), title: link.document.title },
          },
        });
      return updated;
    },
  });
}
