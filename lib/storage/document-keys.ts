/**
 * Where a document's files are stored. Each version of a document has its own folder: its original,
 * the previews built from it and the images of its pages live there, so a file made from one version
 * can always be told from one made from another by its key alone (`fileFolder`).
 */

/** The two images made of each page: one to read at screen width, one for lists and link previews. */
export const PAGE_IMAGE_VARIANTS = ["page", "thumb"] as const;
export type PageImageVariant = (typeof PAGE_IMAGE_VARIANTS)[number];

/** The file name of a page's image, the same in the PDF worker's output directory and in storage. */
export const pageImageName = (page: number, variant: PageImageVariant) => `${page}${variant === "thumb" ? "-thumb" : ""}.webp`;

/** The first upload's original, at the document's own folder (as before versions). */
export const originalKey = (documentId: string) => `documents/${documentId}/original.pdf`;

/** A later version's original, in a folder of its own named by `folderId` (a fresh uuid per upload). */
export const versionOriginalKey = (documentId: string, folderId: string) => `documents/${documentId}/versions/${folderId}/original.pdf`;

/** The folder of a stored file: the version it was made from, for an original, a preview or a page image. */
export const fileFolder = (key: string) => key.slice(0, key.lastIndexOf("/"));

/** A new preview of the original stored at `originalStorageKey`, beside it; `tag` makes the key unique. */
export const previewKey = (originalStorageKey: string, pages: number, tag: string) =>
  `${fileFolder(originalStorageKey)}/preview-${pages}p-${tag}.pdf`;

/** Where the images of the original stored at `originalStorageKey` are stored, beside it. */
export const pageImagesPrefix = (originalStorageKey: string) => `${fileFolder(originalStorageKey)}/pages/`;

export const pageImageKey = (originalStorageKey: string, page: number, variant: PageImageVariant) =>
  `${pageImagesPrefix(originalStorageKey)}${pageImageName(page, variant)}`;

/** The page a stored key is an image of, and the folder of the original it was drawn from; null when the key is not a page image. */
export function pageOfImageKey(key: string): { folder: string; page: number } | null {
  const match = /^(documents\/[^/]+(?:\/versions\/[^/]+)?)\/pages\/([1-9]\d*)(-thumb)?\.webp$/.exec(key);
  return match ? { folder: match[1]!, page: Number(match[2]) } : null;
}
