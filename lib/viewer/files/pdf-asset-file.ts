import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PDF_ASSET_FOLDERS, PDF_ASSETS_VERSION, type PdfAssetFolder } from "./pdf-asset-path";

const CONTENT_TYPES: Record<string, string> = {
  ".wasm": "application/wasm",
  ".js": "text/javascript; charset=utf-8",
  ".bcmap": "application/octet-stream",
  ".pfb": "application/octet-stream",
  ".ttf": "font/ttf",
  ".icc": "application/vnd.iccprofile",
};

// The decoders pdf.js loads by these names (its JavaScript fallbacks too, for browsers without
// WebAssembly); the scripting engine it also ships is left out: the viewer runs no PDF JavaScript.
const WASM_FILES = new Set(["jbig2.wasm", "openjpeg.wasm", "qcms_bg.wasm", "jbig2_nowasm_fallback.js", "openjpeg_nowasm_fallback.js"]);
// The other folders: every file pdfjs-dist ships there of these kinds (its licence texts are not data).
const FOLDER_KINDS: Record<Exclude<PdfAssetFolder, "wasm">, readonly string[]> = {
  cmaps: [".bcmap"],
  standard_fonts: [".pfb", ".ttf"],
  iccs: [".icc"],
};

const folderPath = (folder: PdfAssetFolder) => path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules/pdfjs-dist", folder);

let allowed: Promise<Map<PdfAssetFolder, Set<string>>> | undefined;

function allowedFiles(): Promise<Map<PdfAssetFolder, Set<string>>> {
  allowed ??= Promise.all(
    PDF_ASSET_FOLDERS.map(async (folder): Promise<[PdfAssetFolder, Set<string>]> => {
      if (folder === "wasm") return [folder, WASM_FILES];
      const names = await readdir(folderPath(folder));
      return [folder, new Set(names.filter((name) => FOLDER_KINDS[folder].includes(path.extname(name))))];
    }),
  ).then((entries) => new Map(entries));
  return allowed;
}

const isFolder = (folder: string): folder is PdfAssetFolder => (PDF_ASSET_FOLDERS as readonly string[]).includes(folder);

/**
 * One of pdf.js's data files, by the path pdf.js asks for (lib/viewer/files/pdf-asset-path.ts); null for
 * anything else. A name is served only when it is, exactly, one of the listed files, so no request
 * reaches any other file.
 */
export async function pdfAssetFile(version: string, folder: string, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (version !== PDF_ASSETS_VERSION || !isFolder(folder)) return null;
  if (!(await allowedFiles()).get(folder)?.has(file)) return null;
  const contentType = CONTENT_TYPES[path.extname(file)];
  if (!contentType) return null;
  return { bytes: await readFile(path.join(folderPath(folder), file)), contentType };
}
