import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { type TeamAccess, authorize, permits } from "../teams/permissions";
import { toolAnswer, toolError } from "./tool-result";
import { TOOLS } from "./tools";

const INSTRUCTIONS =
  "Pagewise shares PDF documents behind links and records who read what. Documents are named by their short code (s-<code>): find it with search_documents. Analytics tools answer views, readers, leads and engagement; data rooms hold several documents behind one link. Every answer is the JSON the REST API (/api/v1) gives for the same question.";

/**
 * The MCP server one request talks to, for one API key. The low-level Server rather than
 * McpServer: tools validate their arguments with the REST routes' own schemas, so a bad argument
 * is refused with the REST code and message (McpServer would refuse first, with zod's raw issues),
 * and each tool's JSON Schema is built from those schemas (tool-arguments.ts).
 */
export function mcpServer(access: TeamAccess, requestId: string): Server {
  const server = new Server({ name: "pagewise", version: "1.0.0" }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.filter((tool) => permits(access, tool.action)).map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names the tools.`);
    try {
      // The REST API's refusal, naming the role or the read-only key that stands in the way.
      authorize(access, tool.action);
      return toolAnswer(await tool.run(access, request.params.arguments ?? {}));
    } catch (error) {
      return toolError(error, requestId);
    }
  });

  return server;
}
