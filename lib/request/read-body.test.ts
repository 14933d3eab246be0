import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { readCappedText } from "./read-body";

const streamOf = (chunks: number, size: number) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
};
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("reading a capped body", () => {
  it("returns a body within the limit", async () => {
    expect(await readCappedText(post('{"a":1}'), 16)).toBe('{"a":1}');
  });

  it("refuses by Content-Length before reading a byte", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(10))) });
    const error = await readCappedText(post(body, { "content-length": "1000000" }), 1024).catch((e: ApiError) => e);
    expect([error instanceof ApiError && error.status, (error as ApiError).code]).toEqual([413, "payload_too_large"]);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body at the limit, whatever it declares", async () => {
    const error = await readCappedText(post(streamOf(10_000, 1024)), 8 * 1024).catch((e: ApiError) => e);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe("The request body is larger than the 8 KB allowed here.");
  });
});
