import type { z } from "zod";
import { ApiError, invalidInput } from "../errors";
import { hasNulCharacter, NUL_MESSAGE } from "../request/nul-characters";
import { presentParams } from "../request/present-params";
import { BODY_LIMITS, readCappedText } from "../request/read-body";

/**
 * Query parameters → typed values, or 400 bad_request naming the parameter (docs/contract-decisions.md).
 * A parameter sent empty is one not given.
 */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseQueryValues(schema, presentParams(new URL(req.url).searchParams));
}

/** Query parameters that did not come in a URL (an MCP tool's arguments): the same checks and messages as parseQuery. */
export function parseQueryValues<S extends z.ZodType>(schema: S, params: Record<string, unknown>): z.infer<S> {
  if (hasNulCharacter(params)) throw new ApiError("bad_request", NUL_MESSAGE);
  const result = schema.safeParse(params);
  if (!result.success) throw invalidInput(result.error, { code: "bad_request" });
  return result.data;
}

/** A path segment → its typed value; one that cannot be one names nothing that exists: 404, like an unknown one. */
export function parseParam<S extends z.ZodType>(schema: S, value: string, what = "Version"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("not_found", `${what} not found`);
  return result.data;
}

/** A JSON body → typed values; 400 for a body that is not JSON, 422 for invalid fields. */
export async function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): Promise<z.infer<S>> {
  const body = await readJsonBody(req, BODY_LIMITS.apiJson);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("validation_error", "The request body must be a JSON object.");
  }
  return parseFields(schema, body);
}

/** Validated fields, or 422 validation_error naming each bad field (message and `error.fields`). */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (hasNulCharacter(input)) throw new ApiError("validation_error", NUL_MESSAGE);
  const result = schema.safeParse(input);
  if (!result.success) throw invalidInput(result.error);
  return result.data;
}

/**
 * A JSON body of at most `maxBytes`, of any shape (sendBeacon posts it as text/plain); an empty
 * body is `{}`; 400 when it is not JSON.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const text = await readCappedText(req, maxBytes);
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
}
