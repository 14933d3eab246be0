import { pdfAssetFile } from "@/lib/viewer/files/pdf-asset-file";

/** pdf.js's decoders, character maps, standard fonts and CMYK profile (lib/viewer/files/pdf-asset-path.ts); any other name is 404. */
export async function GET(_req: Request, { params }: { params: Promise<{ version: string; folder: string; file: string }> }) {
  const { version, folder, file } = await params;
  const asset = await pdfAssetFile(version, folder, file);
  if (!asset) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(asset.bytes), {
    headers: { "Content-Type": asset.contentType, "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
