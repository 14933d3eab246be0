import { version } from "pdfjs-dist/package.json";

/** pdf.js's data folders the app serves (lib/viewer/files/pdf-asset-file.ts), each named as in pdfjs-dist. */
export const PDF_ASSET_FOLDERS = ["wasm", "cmaps", "standard_fonts", "iccs"] as const;
export type PdfAssetFolder = (typeof PDF_ASSET_FOLDERS)[number];

/** The version in the path lets browsers keep every file for good (a new pdf.js is a new path). */
export const PDF_ASSETS_VERSION = version;
const base = `/pdf-assets/${version}`;

/**
 * Where pdf.js fetches what a PDF may need beyond the worker: image decoders (CCITT, JBIG2,
 * JPEG 2000) and colour management as WebAssembly, the CJK character maps, the standard 14 fonts
 * a PDF may name without embedding, and the CMYK profile. Served by the app, never a CDN.
 */
export const PDF_ASSET_URLS = {
  wasmUrl: `${base}/wasm/`,
  cMapUrl: `${base}/cmaps/`,
  standardFontDataUrl: `${base}/standard_fonts/`,
  iccUrl: `${base}/iccs/`,
} as const;
