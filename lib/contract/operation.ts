import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { parseParam } from "../http/parse";
import { json, noContent } from "../http/respond";
import type { METHODS } from "../http/route-fallbacks";
import type { z } from "../schemas/zod";
import type { TeamAccess, TeamAction } from "../teams/permissions";
import type { PathParam } from "./path-params";

export type Method = (typeof METHODS)[number];

/** The OpenAPI document's tags, in the order a reader meets them (lib/contract/openapi-document.ts describes each). */
export type Tag = "Documents" | "Search" | "Links" | "Versions" | "Analytics" | "Rooms" | "Questions" | "Webhooks" | "Team";

type Params = Record<string, PathParam>;
type ParamValues<P> = { [K in keyof P]: P[K] extends PathParam<infer V> ? V : never };
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given, whether the call came over REST or as an MCP tool. */
export type Call<P = Params, Q = unknown, B = unknown> = {
  access: TeamAccess;
  /** The path's parameters, parsed and resolved in path order (the team's document, room…): each 404 before anything else. */
  params: ParamValues<P>;
  query: Q;
  /** The body, parsed when the handler asks: what the path names is found (or 404) before the body is read (400, 422). */
  body: () => Promise<B>;
  /** A query parameter as the client sent it, when one is echoed back as sent (undefined when empty or absent). */
  given: (name: string) => string | undefined;
};

/** A request body as the document publishes it; JSON bodies are parsed for the handler, a multipart one is the handler's to read. */
export type RequestBody<S = z.ZodType> = {
  schema: S;
  /** The schema's own example (`.openapi({ example })`) unless another is given. */
  example?: unknown;
  media?: "application/json" | "multipart/form-data";
  /** A PATCH whose every field is optional may come without a body. */
  required?: false;
};

/** One answer the operation gives when it succeeds. */
export type Success = {
  status: 200 | 201 | 204;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** `application/json` unless it is a file. */
  media?: string;
};

/** What an assistant reads to choose the operation as an MCP tool; its arguments are the operation's path, query and body. */
export type ToolSpec<R> = {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** The tool's answer, when it is not the handler's result as it stands (REST may say more in its status). */
  answer?: (result: R) => object;
};

type Common<P, QS, BS> = {
  method: Method;
  /** In the OpenAPI document's form: `/api/v1/documents/{short_code}`. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** The team action a key needs (lib/teams/permissions.ts); the document's 403 follows from it. */
  can: TeamAction;
  params?: P;
  query?: QS;
  body?: RequestBody<BS>;
  response: Success;
  /** Other successful answers (200 when a create finds it already done). */
  also?: Success[];
  /** Error statuses beyond those every operation may answer (401, 429, 500), the permission's 403 and the path's 404. */
  errors?: number[];
  /** What a 404 names when no path parameter does (the team's one webhook). */
  notFound?: string;
};

/** An operation answered with JSON from one handler, which an MCP tool may share. */
type Handled<P, QS, BS, R> = Common<P, QS, BS> & {
  handle: (call: Call<P, Parsed<QS>, Parsed<BS>>) => Promise<R>;
  /** The HTTP answer when it is not `response`'s status with the result as JSON (a Location header, a status that depends). */
  reply?: (result: R) => Response;
  mcp?: ToolSpec<R>;
  serve?: never;
};

/** An operation whose HTTP answer is its own (a file, a multipart upload): REST only. */
type Served<P, QS, BS> = Common<P, QS, BS> & {
  serve: (call: Call<P, Parsed<QS>, Parsed<BS>>, req: Request) => Promise<Response>;
  handle?: never;
  mcp?: never;
};

/** An operation as the registry holds it, its types erased so that one list holds them all. */
export type ApiOperation = Common<Params, z.ZodType | undefined, z.ZodType> & {
  handle?: (call: Call) => Promise<unknown>;
  reply?: (result: unknown) => Response;
  serve?: (call: Call, req: Request) => Promise<Response>;
  mcp?: ToolSpec<unknown>;
};

/** One operation, stated once: the route, the OpenAPI document and (with `mcp`) the assistant's tool are all read from it. */
export function defineOperation<P extends Params = Record<never, PathParam>, QS = undefined, BS = undefined, R = unknown>(
  operation: Handled<P, QS, BS, R> | Served<P, QS, BS>,
): ApiOperation {
  // The handler was checked against its own schemas above; the registry needs only the erased shape.
  return operation as unknown as ApiOperation;
}

/** The path's parameters in path order, each parsed (404 naming what it is) then resolved, so the first missing one answers. */
export async function resolveParams(
  operation: ApiOperation,
  access: TeamAccess,
  valueOf: (name: string, param: PathParam) => string,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(operation.params ?? {})) {
    values[name] = await param.resolve(access, parseParam(param.schema, valueOf(name, param), param.what) as never);
  }
  return values;
}

/** The HTTP answer of a handled operation's result. */
export function replyOf(operation: ApiOperation, result: unknown): Response {
  if (operation.reply) return operation.reply(result);
  return operation.response.status === 204 ? noContent() : json(result, operation.response.status);
}
