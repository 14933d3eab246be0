import http from "node:http";
import https from "node:https";
import { now } from "../time";
import { ATTEMPT_TIMEOUT_MS } from "./schedule";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { guardedAgents } from "./ssrf-guard";

/** How much of a receiver's answer is kept for the owner to read: enough for an error message, never a whole page. */
export const RESPONSE_EXCERPT_BYTES = 2048;

export type PostOutcome = {
  ok: boolean;
  status: number | null;
  /** The first RESPONSE_EXCERPT_BYTES of the response body as UTF-8, NUL removed (PostgreSQL text holds none); null without a response. */
  body: string | null;
  error: string | null;
  durationMs: number;
  signedAt: Date;
};

const NUL = /\u0000/g;

/**
 * One signed POST: signed at send time, 10 s timeout for the whole exchange, redirects not
 * followed (a 3xx is a failure), any 2xx a success. The response's first bytes are kept and the
 * rest read and dropped, so a receiver answering a huge body costs no memory. Never throws.
 */
export function postSigned(url: string, body: string, secret: string, timeoutMs = ATTEMPT_TIMEOUT_MS): Promise<PostOutcome> {
  const signedAt = now();
  const started = performance.now();
  const excerpt: Buffer[] = [];
  let kept = 0;
  const finish = (ok: boolean, status: number | null, error: string | null): PostOutcome => ({
    ok,
    status,
    body: status === null ? null : Buffer.concat(excerpt).toString("utf8").replace(NUL, ""),
    error,
    durationMs: Math.round(performance.now() - started),
    signedAt,
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(finish(false, null, "Invalid URL"));
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        agent: target.protocol === "https:" ? guardedAgents.https : guardedAgents.http,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "Pagewise-Webhooks/1.0",
          [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(signedAt.getTime() / 1000)),
        },
      },
      (response) => {
        response.on("data", (chunk: Buffer) => {
          if (kept >= RESPONSE_EXCERPT_BYTES) return;
          const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
          excerpt.push(part);
          kept += part.length;
        });
        response.on("end", () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve(finish(ok, status, ok ? null : status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `HTTP ${status}`));
        });
        response.on("error", (error) => resolve(finish(false, response.statusCode ?? null, error.message)));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve(finish(false, null, error.message));
    });
    request.end(body);
  });
}
