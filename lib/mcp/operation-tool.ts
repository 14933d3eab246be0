import type { ApiOperation, Call } from "../contract/operation";
import { resolveParams } from "../contract/operation";
import type { McpTool } from "./tool";
import { argumentsSchema, bodyArguments, namedArgument, queryArguments } from "./tool-arguments";

/**
 * An operation of the registry as an MCP tool: its path's parameters are named arguments
 * (`short_code`, `room_id`), beside its query's or its body's fields, read with the same schemas
 * and in the same order as over REST; its answer is the handler's result, as REST's JSON.
 */
export function toolOf(operation: ApiOperation): McpTool {
  const { mcp, handle } = operation;
  if (!mcp || !handle) throw new Error(`${operation.operationId} is no MCP tool`);
  const named = Object.entries(operation.params ?? {}).map(([name, param]) => [param.argument ?? name, param.schema] as const);
  const namedKeys = named.map(([argument]) => argument);
  return {
    name: mcp.name,
    title: mcp.title,
    description: mcp.description,
    action: operation.can,
    annotations: mcp.annotations,
    inputSchema: argumentsSchema(Object.fromEntries(named), operation.query ?? operation.body?.schema),
    run: async (access, args) => {
      const call: Call = {
        access,
        params: await resolveParams(operation, access, (name, param) => namedArgument(args, param.argument ?? name)),
        query: operation.query ? queryArguments(operation.query, args) : undefined,
        body: async () => (operation.body ? bodyArguments(operation.body.schema, args, namedKeys) : undefined),
        given: (name) => (typeof args[name] === "string" && args[name] !== "" ? args[name] : undefined),
      };
      const result = await handle(call);
      return mcp.answer ? mcp.answer(result) : (result as object);
    },
  };
}
