import { ZodError } from "zod";
import { ApiError, invalidInput } from "../errors";
import { errorBody } from "../schemas/common";
import { Prisma } from "../generated/prisma/client";
import { isDatabaseBusy } from "../db/database-busy";
import { logger } from "../log/logger";

/** Every connection stayed busy (a flood): try again shortly. */
const BUSY = () =>
  new ApiError("service_unavailable", "The server is busy. Try again in a few seconds.", { headers: { "Retry-After": "2" } });

/**
 * The one place where errors become responses, for every kind of caller (API key, session, share
 * link): an ApiError as the envelope with its status and headers, a stray zod failure as 422 with
 * the fields it names, a record that vanished mid-request as 404, a database too busy to answer in
 * time as 503 with Retry-After, and anything else as a 500 that
 * names the request id and logs the cause — never a stack trace or SQL to the client.
 */
export function errorResponse(error: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  const known = asApiError(error);
  if (known) {
    return respond(known.status, errorBody(known.code, known.message, known.fields), { ...headers, ...known.headers });
  }
  logger("http").error({ err: error, requestId }, "request failed");
  return respond(500, errorBody("internal_error", `Something went wrong on our side. Request id: ${requestId}`), headers);
}

/** An error the client can act on, as an ApiError; null for anything else (a bug, an outage). */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return invalidInput(error);
  // An update or delete whose row another request removed first.
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") return new ApiError("not_found", "Not found");
  if (isDatabaseBusy(error)) return BUSY();
  return null;
}

export function respond(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === null ? {} : { "Content-Type": "application/json; charset=utf-8" }), ...headers },
  });
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => respond(status, body, headers);
export const noContent = () => respond(204, null, {});

/** Sets the headers every answer of a wrapper carries (request id, rate limits) on a handler's response. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
