import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { BODY_LIMITS, readCappedText } from "../request/read-body";
import type { TeamAccess } from "../teams/permissions";
import { mcpServer } from "./mcp-server";

/** A JSON-RPC error outside any request (no id), as the SDK's transport answers its own refusals. */
function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/**
 * One HTTP request to /api/mcp, for a key already authenticated and counted (withApiKey).
 * Stateless: a fresh server and transport per request, no session id and JSON answers, so any
 * app process answers any request and nothing is held between them. Only POST: there is no
 * stream to open (GET) or session to end (DELETE), answered 405 as the SDK's stateless servers do.
 * The body is capped like every API body (64 KB, 413) and holds one message: a batch would run
 * up to a hundred tools for one request of the rate limit.
 */
export async function handleMcpRequest(req: Request, access: TeamAccess, requestId: string): Promise<Response> {
  if (req.method !== "POST") return jsonRpcError(405, -32000, "Method not allowed.", { Allow: "POST" });
  const text = await readCappedText(req, BODY_LIMITS.apiJson);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return jsonRpcError(400, -32700, "Parse error: Invalid JSON");
  }
  if (Array.isArray(message))
    return jsonRpcError(400, -32600, "Invalid Request: send one JSON-RPC message per request; batches are not accepted.");

  const server = mcpServer(access, requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, { parsedBody: message });
  } finally {
    await server.close();
  }
}
