import { errorBody } from "../schemas/common";
import { respond } from "./respond";

/** Next's own limit on a server action's body (serverActions.bodySizeLimit, left at its default). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/**
 * Server action calls (POSTs carrying a `Next-Action` header) that Next would answer with a 500,
 * answered before it sees them: another site's Origin (Next refuses it, but as a 500), a body over
 * Next's limit (413), and a body its decoder (React's reply format) would choke on: not JSON, a
 * cut or boundary-less multipart, or references to parts that are not there (400). Only the subset
 * of the format our forms and buttons send passes: JSON values, FormData, dates and the escapes
 * for undefined, NaN, ±Infinity, -0 and small BigInts. The arguments' shapes are each action's own
 * check (lib/http/server-action.ts). Null when the request may go on.
 */
export async function refuseServerAction(request: Request): Promise<Response | null> {
  if (!sameOrigin(request.headers)) return refusal(403, "forbidden", "Server actions are only accepted from this site's own pages.");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > ACTION_BODY_LIMIT) return tooLarge();
  const type = request.headers.get("content-type") ?? "";
  // Next answers these with 404 itself, without decoding anything.
  if (type === "application/x-www-form-urlencoded") return null;
  const body = await request.arrayBuffer().catch(() => null);
  if (!body) return malformed();
  if (body.byteLength > ACTION_BODY_LIMIT) return tooLarge();
  const parts = type.startsWith("multipart/form-data") ? await multipartParts(type, body) : textPart(body);
  return parts && replyIsWhole(parts) ? null : malformed();
}

/** Next's rule: the Origin's host is the request's host (x-forwarded-host, else Host). No Origin: not a browser's cross-site request. */
function sameOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A reply's parts by name: "0" is the root; a string body is the root alone. */
type Parts = Map<string, unknown>;

function textPart(body: ArrayBuffer): Parts {
  return new Map([["0", new TextDecoder().decode(body)]]);
}

async function multipartParts(type: string, body: ArrayBuffer): Promise<Parts | null> {
  try {
    const form = await new Response(body, { headers: { "content-type": type } }).formData();
    return new Map(form.entries());
  } catch {
    return null;
  }
}

/** Every $-string React's decoder resolves without another part (see parseModelString in react-server-dom). */
const SELF_CONTAINED = /^\$(\$.*|undefined|NaN|Infinity|-Infinity|-0|n-?\d{1,300}|D.*|K[0-9a-f]+)$/s;
const PART_REFERENCE = /^\$([0-9a-f]+)((?::[^:]+)*)$/;
/** Next refuses more arguments than this with a 500. */
const MAX_ARGUMENTS = 1000;
/** Far deeper than any form state; React's decoder recurses, so a deep enough body overflows its stack. */
const MAX_DEPTH = 64;

/**
 * The root part is an array of arguments; it and every part it refers to are JSON, not too deep,
 * and every reference leads to a part that is there. A part may not refer to itself through
 * others (the decoder calls that an invalid forward reference); the root may, as React's own
 * encoder does for an object that appears twice.
 */
function replyIsWhole(parts: Parts): boolean {
  const checked = new Map<string, unknown>();
  const underway = new Set<string>();
  const partIsWhole = (id: string): { ok: boolean; value?: unknown } => {
    if (checked.has(id)) return { ok: true, value: checked.get(id) };
    if (underway.has(id)) return { ok: false };
    const raw = parts.get(id);
    if (typeof raw !== "string") return { ok: false };
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false };
    }
    if (id === "0") checked.set(id, value);
    underway.add(id);
    const ok = isWhole(value, 0);
    underway.delete(id);
    checked.set(id, value);
    return { ok, value };
  };
  const isWhole = (value: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    if (typeof value === "string") return stringIsWhole(value);
    if (value === null || typeof value !== "object") return true;
    return (Array.isArray(value) ? value : Object.values(value)).every((item) => isWhole(item, depth + 1));
  };
  const stringIsWhole = (value: string): boolean => {
    if (!value.startsWith("$") || SELF_CONTAINED.test(value)) return true;
    const reference = PART_REFERENCE.exec(value);
    if (!reference) return false;
    const target = partIsWhole(String(parseInt(reference[1]!, 16)));
    return target.ok && pathLeadsSomewhere(target.value, reference[2]!.split(":").slice(1));
  };
  const root = partIsWhole("0");
  return root.ok && Array.isArray(root.value) && root.value.length <= MAX_ARGUMENTS;
}

function pathLeadsSomewhere(value: unknown, path: string[]): boolean {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

const refusal = (status: number, code: "bad_request" | "forbidden" | "payload_too_large", message: string) =>
  respond(status, errorBody(code, message), { "Cache-Control": "no-store" });
const malformed = () => refusal(400, "bad_request", "This server action request is malformed. Reload the page and try again.");
const tooLarge = () => refusal(413, "payload_too_large", "This server action request is larger than 1 MB.");
