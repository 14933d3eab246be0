import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * The contract check: an /api/v1 response measured against the OpenAPI document the API publishes
 * (lib/contract/openapi-document.ts). The operation is found by method and path template; its status must be
 * one the operation declares, with the headers it marks required and a body its schema accepts.
 * Objects are read as closed: a field the document does not name is drift too (the document
 * fell behind the code), though the published document leaves them open for clients' sake.
 */

type Json = Record<string, unknown>;
type Response = { description?: string; headers?: Record<string, { required?: boolean }>; content?: Record<string, { schema?: Json }> };
type Operation = { responses: Record<string, Response> };
type OpenApiDocument = { paths?: Record<string, Record<string, unknown>>; components?: Json };

/** What the check saw: a response to one request. */
export type Exchange = { method: string; path: string; status: number; headers: Record<string, string>; body: string };

/** Which declared response a checked exchange was: `GET /api/v1/documents/{short_code} 200`. */
export type Checked = { operation: string };

const DOCUMENT_ID = "https://pagewise.local/openapi.json";
/** Answers of the API that are not its operations: the document itself. */
const NOT_OPERATIONS = new Set(["/api/v1/openapi.json"]);
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isPercentEncoded = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};

export class ContractViolation extends Error {
  constructor(exchange: Pick<Exchange, "method" | "path" | "status">, problem: string) {
    super(`API contract: ${exchange.method} ${exchange.path} answered ${exchange.status}: ${problem}`);
    this.name = "ContractViolation";
  }
}

/** Every object schema that lists its properties, closed to others, in a copy of `value`. */
function closeObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closeObjects);
  if (typeof value !== "object" || value === null) return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, closeObjects(inner)]));
  if (copy.type === "object" && "properties" in copy && !("additionalProperties" in copy)) copy.additionalProperties = false;
  return copy;
}

const pointer = (...steps: string[]) => steps.map((step) => step.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** A template (`/api/v1/documents/{short_code}`) as a pattern; literal segments rank before parameters. */
function templates(document: OpenApiDocument) {
  return Object.keys(document.paths ?? {})
    .map((template) => {
      const segments = template.split("/");
      const pattern = segments.map((s) => (/^\{.+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
      return { template, pattern: new RegExp(`^${pattern}$`), literals: segments.filter((s) => !s.startsWith("{")).length };
    })
    .sort((a, b) => b.literals - a.literals);
}

/**
 * Validation against the schemas of the OpenAPI document `published`, read closed, each schema
 * named by its JSON pointer steps (`["components", "schemas", "Error"]`): null, or what is wrong.
 */
export function documentValidator(published: object): (steps: string[], value: unknown, dataVar?: string) => string | null {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(closeObjects(published) as Json, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  return (steps, value, dataVar = "body") => {
    const ref = `${DOCUMENT_ID}#${pointer("", ...steps)}`;
    let check = compiled.get(ref);
    if (!check) {
      check = ajv.compile({ $ref: ref });
      compiled.set(ref, check);
    }
    return check(value) ? null : ajv.errorsText(check.errors, { dataVar });
  };
}

/** A checker for the OpenAPI document `published`: it throws ContractViolation for a response the document does not allow. */
export function contractChecker(published: object): (exchange: Exchange) => Checked | null {
  const document = published as OpenApiDocument;
  const validate = documentValidator(published);
  const paths = templates(document);
  const errorSchema = ["components", "schemas", "Error"];

  const parsedBody = (exchange: Exchange): unknown => {
    try {
      return JSON.parse(exchange.body);
    } catch {
      throw new ContractViolation(exchange, `the body is not JSON: ${exchange.body.slice(0, 200)}`);
    }
  };

  /** A refusal in the error envelope; past the server's own checks, the API's key and limit come first (401, 429). */
  const refusal = (exchange: Exchange, expected: number, why: string, beforeKey = false): Checked => {
    const allowed = beforeKey ? [expected] : [expected, 401, 429];
    if (!allowed.includes(exchange.status)) {
      throw new ContractViolation(exchange, `${why}; expected ${allowed.join(" or ")} in the error envelope`);
    }
    const head = exchange.method.toUpperCase() === "HEAD";
    if (head && exchange.body !== "") throw new ContractViolation(exchange, "a HEAD answer has no body");
    const problem = head ? null : validate(errorSchema, parsedBody(exchange));
    if (problem) throw new ContractViolation(exchange, `the error envelope does not match Error: ${problem}`);
    return { operation: `${exchange.method.toUpperCase()} (${why}) ${exchange.status}` };
  };

  return (exchange) => {
    // The server's own answers before any route (docs/decisions.md): a path that is not valid percent-encoding, a method no route serves.
    if (!HTTP_METHODS.has(exchange.method.toUpperCase())) return refusal(exchange, 405, "a method no route serves", true);
    if (!isPercentEncoded(exchange.path)) return refusal(exchange, 400, "a path that is not valid percent-encoding", true);
    // Doubled or trailing slashes and dot segments are served at the canonical path.
    const canonical = new URL(exchange.path.replace(/\/{2,}/g, "/"), "http://localhost").pathname.replace(/(.)\/$/, "$1");
    if (NOT_OPERATIONS.has(canonical)) return null;
    const head = exchange.method.toUpperCase() === "HEAD";
    // HEAD is GET without the body.
    const method = head ? "get" : exchange.method.toLowerCase();
    const match = paths.find((p) => p.pattern.test(canonical));
    const item = match ? document.paths![match.template]! : undefined;
    const operation = item?.[method] as Operation | undefined;
    if (match && !operation && method === "options") {
      // Not an operation either: OPTIONS lists a path's methods (docs/decisions.md), 204 with Allow and no body.
      // It is counted in the caller's rate limit like every request, so past it the answer is the usual 429.
      if (exchange.status === 429) return refusal(exchange, 429, "OPTIONS past the rate limit");
      if (exchange.status !== 204 || exchange.body !== "" || !exchange.headers.allow) {
        throw new ContractViolation(exchange, "OPTIONS answers 204 with an Allow header and no body");
      }
      return { operation: `OPTIONS ${match.template} 204` };
    }
    // Not an operation of the document: an unknown path is 404, a wrong method 405, in the error envelope.
    if (!match) return refusal(exchange, 404, "no operation of the document matches this path");
    if (!operation) return refusal(exchange, 405, `no operation of the document is ${exchange.method.toUpperCase()} ${match.template}`);
    const name = `${exchange.method.toUpperCase()} ${match.template}`;
    const declared = operation.responses[String(exchange.status)];
    if (!declared) {
      const statuses = Object.keys(operation.responses).join(", ");
      throw new ContractViolation(exchange, `status ${exchange.status} is not declared for ${name} (declared: ${statuses})`);
    }
    for (const [header, spec] of Object.entries(declared.headers ?? {})) {
      if (spec.required && exchange.headers[header.toLowerCase()] === undefined) {
        throw new ContractViolation(exchange, `the required header ${header} is missing`);
      }
    }
    const content = declared.content?.["application/json"];
    if (head) {
      if (exchange.body !== "") throw new ContractViolation(exchange, "a HEAD answer has no body");
      return { operation: `HEAD ${match.template} ${exchange.status}` };
    }
    if (!content) {
      if (exchange.body !== "") throw new ContractViolation(exchange, `${name} ${exchange.status} declares no body, but one came`);
      return { operation: `${name} ${exchange.status}` };
    }
    const schema = ["paths", match.template, method, "responses", String(exchange.status), "content", "application/json", "schema"];
    const problem = validate(schema, parsedBody(exchange));
    if (problem) throw new ContractViolation(exchange, `the body does not match the document's schema: ${problem}`);
    return { operation: `${name} ${exchange.status}` };
  };
}
