import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { TeamAccess, TeamAction } from "../teams/permissions";
import type { JsonObjectSchema } from "./tool-arguments";

/**
 * One MCP tool over one use-case: what an assistant reads to choose it (name, title, description,
 * the JSON Schema of its arguments), the team action a key needs to see and call it, and `run`,
 * which parses the arguments with the REST route's own schemas and answers what the route answers.
 */
export type McpTool = {
  name: string;
  title: string;
  description: string;
  action: TeamAction;
  annotations: ToolAnnotations;
  inputSchema: JsonObjectSchema;
  run: (access: TeamAccess, args: Record<string, unknown>) => Promise<object>;
};
