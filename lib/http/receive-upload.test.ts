import { readdir, readlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { config, reloadConfig } from "../config";
import { ApiError } from "../errors";
import { receiveUpload } from "./receive-upload";

const BOUNDARY = "----pagewise-test";
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="deck.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

/** A multipart upload whose client sends `chunks` of the file and then goes away (or ends the body). */
function upload(chunks: number, ending: "abort" | "end") {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
      if (sent++ < chunks) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      else if (ending === "abort") controller.error(new Error("client went away"));
      else {
        controller.enqueue(new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      }
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
}

const uploadsDir = () => path.join(config().DATA_DIR, "tmp", "uploads");
/** Files this process holds open under the uploads folder. */
async function openUploadHandles(): Promise<string[]> {
  const links = await Promise.all((await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")));
  return links.filter((target) => target.startsWith(uploadsDir()));
}

afterAll(() => {
  delete process.env.MAX_UPLOAD_MB;
  reloadConfig();
});

describe("receiving an upload", () => {
  it("closes and deletes the temp file of every aborted or oversized upload", async () => {
    process.env.MAX_UPLOAD_MB = "1";
    reloadConfig();
    const outcomes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const oversized = i % 2 === 1;
      const error = await receiveUpload(upload(oversized ? 40 : 3, oversized ? "end" : "abort")).then(
        () => null,
        (e: ApiError) => e,
      );
      outcomes.push(error?.status ?? 0);
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 1 ? 413 : 400)));
    expect(await openUploadHandles()).toEqual([]);
    expect(await readdir(uploadsDir()).catch(() => [])).toEqual([]);
  });

  it("keeps a complete upload until it is cleaned up", async () => {
    const received = await receiveUpload(upload(2, "end"));
    expect(received.file?.size).toBe(9 + 2 * 64 * 1024);
    expect(await readdir(uploadsDir())).toHaveLength(1);
    await received.cleanup();
    expect(await readdir(uploadsDir())).toEqual([]);
  });
});
