import { methodsNotAllowed } from "@/lib/http/route-fallbacks";
import { withApiKey } from "@/lib/http/with-api-key";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

/**
 * The MCP server for assistants (streamable HTTP): the same bearer keys, the same per-key rate
 * limit and headers, and the same error envelope as /api/v1; which tools a key sees is its role's.
 */
const mcp = withApiKey({ can: "documents.read" }, ({ req, access, requestId }) => handleMcpRequest(req, access, requestId));

// GET and DELETE are the transport's own 405s (no streams or sessions here); the rest are ours.
export { mcp as POST, mcp as GET, mcp as DELETE };
export const { PUT, PATCH, OPTIONS } = methodsNotAllowed(["POST"]);
