import { readFileSync } from "node:fs";
import path from "node:path";

let chunks: string[] | undefined;

/**
 * The URLs of the image viewer's chunks (which viewer-shell.tsx loads with next/dynamic, the viewer
 * page's only next/dynamic import; pdf.js, its fallback, is a plain import() and not named), read once from the build's manifest for
 * the viewer page. The browser would otherwise ask for them only once the app's scripts run;
 * named in the HTML, they load alongside those scripts. None when there is no production build.
 */
export function rendererChunks(): string[] {
  if (chunks) return chunks;
  try {
    const manifest = path.join(/*turbopackIgnore: true*/ process.cwd(), ".next/server/app/s/[code]/page/react-loadable-manifest.json");
    const entries = Object.values(JSON.parse(readFileSync(manifest, "utf8")) as Record<string, { files: string[] }>);
    chunks = entries.flatMap((entry) => entry.files).map((file) => `/_next/${file}`);
  } catch {
    chunks = [];
  }
  return chunks;
}
