/**
 * Where a document's files are stored. Each version of a document has its own folder: its original,
 * the previews built from it and the images of its pages live there, so a file made from one version
 * can always be told from one made from another by its key alone (`fileFolder`).
 */

/**
 * The images made of each page: `page` to read at screen width (1280 px), `w640` for phones, `thumb`
 * for lists and link previews, all drawn with the page from one bitmap; `w2048` and `w3072` for zoom,
 * each drawn the first time a reader asks for it.
 */
export const PAGE_IMAGE_VARIANTS = ["page", "thumb", "w640", "w2048", "w3072"] as const;
export type PageImageVariant = (typeof PAGE_IMAGE_VARIANTS)[number];

/** The images only a zoom asks for, and their widths: drawn alone, on request. */
export const ZOOM_IMAGE_WIDTHS = { w2048: 2048, w3072: 3072 } as const;
export type ZoomImageVariant = keyof typeof ZOOM_IMAGE_WIDTHS;
export const isZoomImage = (file: PageFile): file is ZoomImageVariant => file in ZOOM_IMAGE_WIDTHS;

/** A page's stored files: its images, and its text and link layers (`<n>.layers.json`). */
export type PageFile = PageImageVariant | "layers";
export const PAGE_FILES: readonly PageFile[] = [...PAGE_IMAGE_VARIANTS, "layers"];
/** The files drawn with every page; the others only on request. */
export const PAGE_FILES_DRAWN_WITH_EVERY_PAGE: readonly PageFile[] = ["page", "thumb", "w640", "layers"];

const FILE_SUFFIXES: Record<PageFile, string> = {
  page: ".webp",
  thumb: "-thumb.webp",
  w640: "-640.webp",
  w2048: "-2048.webp",
  w3072: "-3072.webp",
  layers: ".layers.json",
};

/** The file name of a page's file, the same in the PDF worker's output directory and in storage. */
export const pageFileName = (page: number, file: PageFile) => `${page}${FILE_SUFFIXES[file]}`;

/** The first upload's original, at the document's own folder (as before versions). */
export const originalKey = (documentId: string) => `documents/${documentId}/original.pdf`;

/** A later version's original, in a folder of its own named by `folderId` (a fresh uuid per upload). */
export const versionOriginalKey = (documentId: string, folderId: string) => `documents/${documentId}/versions/${folderId}/original.pdf`;

/** The file a version's PDF was made from (an office file or an image, `sourceType` its extension), kept beside that PDF. */
export const sourceKey = (originalStorageKey: string, sourceType: string) => `${fileFolder(originalStorageKey)}/source.${sourceType}`;

/** The folder of a stored file: the version it was made from, for an original, a preview or a page image. */
export const fileFolder = (key: string) => key.slice(0, key.lastIndexOf("/"));

/** A new preview of the original stored at `originalStorageKey`, beside it; `tag` makes the key unique. */
export const previewKey = (originalStorageKey: string, pages: number, tag: string) =>
  `${fileFolder(originalStorageKey)}/preview-${pages}p-${tag}.pdf`;

/** Where the images of the original stored at `originalStorageKey` are stored, beside it. */
export const pageImagesPrefix = (originalStorageKey: string) => `${fileFolder(originalStorageKey)}/pages/`;

export const pageFileKey = (originalStorageKey: string, page: number, file: PageFile) =>
  `${pageImagesPrefix(originalStorageKey)}${pageFileName(page, file)}`;

/** The page a stored key is a file of (image or layers), and the folder of the original it was drawn from; null for any other key. */
export function pageOfFileKey(key: string): { folder: string; page: number } | null {
  const match =
    /^(documents\/[^/]+(?:\/versions\/[^/]+)?)\/pages\/([1-9]\d*)(?:-(?:thumb|640|2048|3072)\.webp|\.webp|\.layers\.json)$/.exec(key);
  return match ? { folder: match[1]!, page: Number(match[2]) } : null;
}
