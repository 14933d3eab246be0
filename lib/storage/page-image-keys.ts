/** The two images made of each page: one to read at screen width, one for lists and link previews. */
export const PAGE_IMAGE_VARIANTS = ["page", "thumb"] as const;
export type PageImageVariant = (typeof PAGE_IMAGE_VARIANTS)[number];

/** The file name of a page's image, the same in the PDF worker's output directory and in storage. */
export const pageImageName = (page: number, variant: PageImageVariant) => `${page}${variant === "thumb" ? "-thumb" : ""}.webp`;

/** Where a document's page images are stored, beside its original. */
export const pageImagesPrefix = (documentId: string) => `documents/${documentId}/pages/`;

export const pageImageKey = (documentId: string, page: number, variant: PageImageVariant) =>
  `${pageImagesPrefix(documentId)}${pageImageName(page, variant)}`;

/** The page a stored key is an image of, or null when the key is not a page image. */
export function pageOfImageKey(key: string): number | null {
  const match = /^documents\/[^/]+\/pages\/([1-9]\d*)(-thumb)?\.webp$/.exec(key);
  return match ? Number(match[1]) : null;
}
