import { Readable } from "node:stream";
import { downloadDisposition } from "../documents/download-name";
import { readVersionFile } from "../versions/list-versions";
import { CONTENT_LENGTH_HEADER } from "../request/server-headers";

/** One version's PDF as an attachment named after the file it was uploaded as, for the team's members. */
export async function versionFileResponse(teamId: string, shortCode: string, number: number): Promise<Response> {
  const { file, filename } = await readVersionFile(teamId, shortCode, number);
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      [CONTENT_LENGTH_HEADER]: String(file.size),
      "Content-Disposition": downloadDisposition(filename.replace(/\.pdf$/i, "")),
      "Cache-Control": "private, no-store, no-transform",
    },
  });
}
