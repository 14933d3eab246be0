import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorBody } from "../schemas/common";
import { asApiError } from "../http/respond";
import { logger } from "../log/logger";

const log = logger("mcp");

/** A tool's answer: the REST endpoint's JSON, as text for any client and as structured content for those that read it. */
export function toolAnswer(body: object): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body as Record<string, unknown> };
}

/**
 * A tool's refusal as a tool error the assistant reads and can act on (the REST error envelope:
 * code and message), never a JSON-RPC error or an HTTP 500. What the client did not cause is
 * logged under the request id and answered internal_error without details, as on REST.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
  const known = asApiError(error);
  if (!known) log.error({ err: error, requestId }, "tool call failed");
  const body = known
    ? errorBody(known.code, known.message, known.fields)
    : errorBody("internal_error", `Something went wrong on our side. Request id: ${requestId}`);
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body, isError: true };
}
