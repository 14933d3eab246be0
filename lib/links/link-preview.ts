import type { Document, Link } from "../generated/prisma/client";
import { previewPagesNeeded } from "../rules/gate";
import type { PreviewChange } from "../documents/change-with-preview";
import { newPreview } from "../documents/preview-file";
import { ownsPreview, sharedDocument, type LinkOverrides } from "./shared-document";

/**
 * The preview file a link needs for new overrides, or null when its current one still fits. A link
 * that overrides its gate shows its own file (pages before its own gate), built by the same PDF
 * worker as documents' previews; a link that follows the document's gate keeps none.
 */
export async function previewFor(doc: Document, link: Link, overrides: LinkOverrides): Promise<PreviewChange | null> {
  if (!ownsPreview(overrides)) {
    return link.previewStorageKey
      ? { previewStorageKey: null, previewPageCount: 0, created: null, replaced: link.previewStorageKey }
      : null;
  }
  const effective = sharedDocument(doc, { ...link, overrides });
  const needed = previewPagesNeeded(effective);
  if (needed === link.previewPageCount && (needed === 0) === (link.previewStorageKey === null)) return null;
  return newPreview(doc, effective, needed, link.previewStorageKey);
}
