import { PDF_WORKER_PATH } from "@/lib/viewer/files/pdf-worker-path";
import { pdfWorkerScript } from "@/lib/viewer/files/pdf-worker-script";

/** The pdf.js worker the viewer starts (lib/viewer/files/pdf-worker-path.ts); any other name is 404. */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  if (`/pdf-worker/${(await params).file}` !== PDF_WORKER_PATH) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(await pdfWorkerScript()), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
