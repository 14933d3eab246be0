import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

/** Reads nothing outside the team's data and changes nothing. */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Adds something new (a link, a room); never changes or removes what exists. */
export const ADDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
