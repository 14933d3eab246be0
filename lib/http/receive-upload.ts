import busboy from "busboy";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { config } from "../config";
import { scratchName } from "../storage/clear-scratch";
import { ApiError } from "../errors";

export type ReceivedUpload = {
  file: { path: string; size: number; filename: string } | null;
  fields: Record<string, string>;
  /** Removes the temporary file; safe to call more than once. */
  cleanup: () => Promise<void>;
};

const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * Streams a multipart/form-data request to a temporary file without holding it in memory,
 * enforcing MAX_UPLOAD_MB while streaming (413). The file is the `file` field; other file fields
 * are discarded, text fields collected. A client that disconnects mid-upload leaves no file.
 */
export async function receiveUpload(req: Request): Promise<ReceivedUpload> {
  const maxBytes = Math.floor(config().MAX_UPLOAD_MB * 1024 * 1024);
  const tooLarge = () => new ApiError("payload_too_large", `The file is larger than the ${config().MAX_UPLOAD_MB} MB upload limit.`);
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("bad_request", "Send the upload as multipart/form-data with the PDF in a field named file.");
  }
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!req.body) throw new ApiError("bad_request", "The request has no body; attach the PDF in a field named file.");

  const dir = path.join(config().DATA_DIR, "tmp", "uploads");
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, scratchName(".upload"));
  const cleanup = () => rm(tempPath, { force: true });

  const fields: Record<string, string> = {};
  let file: ReceivedUpload["file"] = null;
  let out: WriteStream | undefined;
  let incoming: Readable | undefined;

  try {
    await new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: { fileSize: maxBytes, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60 },
        });
      } catch {
        reject(new ApiError("bad_request", "Malformed multipart/form-data (missing boundary)."));
        return;
      }
      const source = Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>);
      let writing: Promise<void> = Promise.resolve();
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        source.unpipe(parser);
        source.destroy();
        if (incoming && out) incoming.unpipe(out);
        incoming?.resume();
        out?.destroy();
        reject(error);
      };

      parser.on("field", (name, value) => {
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        if (name !== "file" || file) {
          stream.resume();
          return;
        }
        const target = createWriteStream(tempPath);
        out = target;
        incoming = stream;
        let size = 0;
        stream.on("data", (chunk: Buffer) => (size += chunk.length));
        stream.on("limit", () => fail(tooLarge()));
        writing = new Promise<void>((done, error) => {
          target.on("finish", () => done());
          target.on("error", error);
          stream.on("error", error);
        });
        stream.pipe(target);
        // A file name is metadata, not input to refuse: characters PostgreSQL cannot store are dropped.
        file = { path: tempPath, size: 0, filename: (info.filename ?? "").replaceAll("\u0000", "") };
        writing = writing.then(() => {
          file!.size = size;
        });
        // A cut-off body fails the upload through `fail`; the write's own rejection is expected then.
        writing.catch(() => undefined);
      });
      parser.on("error", () => fail(new ApiError("bad_request", "Malformed multipart/form-data body.")));
      parser.on("close", () => {
        if (!failed) writing.then(resolve, fail);
      });
      source.on("error", () => fail(new ApiError("bad_request", "The upload was interrupted before it finished.")));
      source.pipe(parser);
    });
  } catch (error) {
    await closed(out);
    await cleanup();
    throw error;
  }
  return { file, fields, cleanup };
}

/** Resolves once a write stream has released its file descriptor. */
async function closed(stream: WriteStream | undefined): Promise<void> {
  if (!stream || stream.closed) return;
  stream.destroy();
  await new Promise<void>((resolve) => stream.once("close", () => resolve()));
}
