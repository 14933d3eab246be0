import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import { ApiError } from "../errors";
import { parseFields, parseQueryValues } from "../http/parse";
import { z } from "../schemas/zod";

/** A tool's arguments as MCP advertises them: a JSON Schema object. */
export type JsonObjectSchema = { type: "object"; properties: Record<string, object>; required?: string[]; [key: string]: unknown };

/** What the OpenAPI document says of a field (type, bounds, description) that zod's own JSON Schema cannot know. */
const DESCRIBED = ["type", "format", "minimum", "maximum", "default", "enum", "description"] as const;

/**
 * The JSON Schema of what a client sends, from the same schema the REST route parses with: zod's
 * input side, with the OpenAPI metadata on top, so a query parameter that arrives as text in a URL
 * is advertised as what it means (`page`: an integer from 1, with its description).
 */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json: Record<string, unknown> = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-7",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const meta = getOpenApiMetadata(zodSchema as unknown as z.ZodType) as Record<string, unknown> & { param?: { description?: string } };
      Object.assign(jsonSchema, Object.fromEntries(DESCRIBED.flatMap((key) => (meta[key] === undefined ? [] : [[key, meta[key]]]))));
      if (meta.param?.description) jsonSchema.description = meta.param.description;
    },
  });
  // The dialect is MCP's to state, not each tool's.
  delete json.$schema;
  return json;
}

/**
 * A tool's arguments: the REST route's path segments as named arguments (`short_code`, `room_id`),
 * each required, beside the fields of its query or body schema.
 */
export function argumentsSchema(named: Record<string, z.ZodType>, fields?: z.ZodType): JsonObjectSchema {
  const rest = fields ? (jsonSchemaOf(fields) as Partial<JsonObjectSchema>) : {};
  const properties = Object.fromEntries(Object.entries(named).map(([key, schema]) => [key, jsonSchemaOf(schema)]));
  const required = [...Object.keys(named), ...(rest.required ?? [])];
  return { ...rest, type: "object", properties: { ...properties, ...rest.properties }, ...(required.length > 0 ? { required } : {}) };
}

/** A named argument (a path segment on REST): present and text, or 422 naming it. */
export function namedArgument(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  if (typeof value === "string" && value !== "") return value;
  throw new ApiError("validation_error", `${key} is required and must be a string.`, { fields: { [key]: "Required" } });
}

/**
 * Arguments read as the REST route reads its query string, with its schema, checks and messages
 * (400 bad_request): numbers and booleans count as the text a URL would carry, and an empty or
 * null value as one not given. Named arguments are not query parameters; the schema ignores them.
 */
export function queryArguments<S extends z.ZodType>(schema: S, args: Record<string, unknown>): z.infer<S> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === "") continue;
    params[key] = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }
  return parseQueryValues(schema, params);
}

/** Arguments read as the REST route reads its JSON body (422 validation_error), the named ones set aside. */
export function bodyArguments<S extends z.ZodType>(schema: S, args: Record<string, unknown>, named: readonly string[]): z.infer<S> {
  return parseFields(schema, Object.fromEntries(Object.entries(args).filter(([key]) => !named.includes(key))));
}
