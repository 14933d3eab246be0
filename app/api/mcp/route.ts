import { withApiKey } from "@/lib/http/with-api-key";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

export const dynamic = "force-dynamic";

/**
 * The MCP server for assistants (streamable HTTP): the same bearer keys, the same per-key rate
 * limit and headers, and the same error envelope as /api/v1; which tools a key sees is its role's.
 */
const mcp = withApiKey({ can: "documents.read" }, ({ req, access, requestId }) => handleMcpRequest(req, access, requestId));

export { mcp as POST, mcp as GET, mcp as DELETE };
