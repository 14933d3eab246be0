import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createSampleDocument } from "../../scripts/lib/demo-data";
import { contractChecker, type Exchange } from "../../test/support/api-contract";
import { serializeDocument } from "../documents/serialize";
import { createUser } from "../users/create-user";
import { openApiDocument } from "../contract/openapi-document";

const check = contractChecker(openApiDocument());
const RATE_LIMIT = { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "99", "x-ratelimit-reset": "1763906760" };

let document: Record<string, unknown>;
beforeAll(async () => {
  const owner = await createUser({ email: `contract-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
  document = serializeDocument(await createSampleDocument(owner, "Contract", 2));
});

const answer = (status: number, body: unknown, exchange: Partial<Exchange> = {}): Exchange => ({
  method: "GET",
  path: `/api/v1/documents/${String(document.short_code)}`,
  status,
  headers: RATE_LIMIT,
  body: body === null ? "" : JSON.stringify(body),
  ...exchange,
});

describe("the contract check of every /api/v1 response against the OpenAPI document", () => {
  it("accepts a document as the API serializes it, naming the operation and status it matched", () => {
    expect(check(answer(200, document))).toEqual({ operation: "GET /api/v1/documents/{short_code} 200" });
    expect(check(answer(201, document, { method: "POST", path: "/api/v1/documents" }))).toEqual({
      operation: "POST /api/v1/documents 201",
    });
    expect(check(answer(204, null, { method: "DELETE" }))).toEqual({ operation: "DELETE /api/v1/documents/{short_code} 204" });
  });

  it("refuses a renamed field, naming the method, path, status and the schema's complaint", () => {
    const { original_filename, ...rest } = document;
    expect(() => check(answer(200, { ...rest, filename: original_filename }))).toThrow(
      new RegExp(
        `^API contract: GET /api/v1/documents/${String(document.short_code)} answered 200: the body does not match the document's schema: ` +
          `.*must have required property 'original_filename'`,
      ),
    );
  });

  it("refuses a field the document does not name, and a field of the wrong type", () => {
    expect(() => check(answer(200, { ...document, owner_id: "someone" }))).toThrow(/must NOT have additional properties/);
    expect(() => check(answer(200, { ...document, page_count: "2" }))).toThrow(/body\/page_count must be integer/);
  });

  it("refuses a status the operation does not declare, and a body on a 204", () => {
    expect(() => check(answer(409, { error: { code: "conflict", message: "No." } }))).toThrow(
      "status 409 is not declared for GET /api/v1/documents/{short_code} (declared: 200, 401, 404, 429, 500)",
    );
    expect(() => check(answer(204, { deleted: true }, { method: "DELETE" }))).toThrow(/declares no body, but one came/);
  });

  it("refuses a response without the rate-limit headers the document marks required", () => {
    expect(() => check(answer(200, document, { headers: {} }))).toThrow(/the required header X-RateLimit-Limit is missing/);
  });

  it("accepts the error envelope with the fields of a validation error", () => {
    const refusal = {
      error: { code: "validation_error", message: "gate_page must be at least 1", fields: { gate_page: "gate_page must be at least 1" } },
    };
    expect(check(answer(422, refusal, { method: "PATCH" }))).toEqual({ operation: "PATCH /api/v1/documents/{short_code} 422" });
    expect(() => check(answer(422, { error: { code: "validation_error" } }, { method: "PATCH" }))).toThrow(/required property 'message'/);
  });

  it("holds what is not an operation to the contract's 404 and 405 in the error envelope, and OPTIONS to 204 with Allow (or the usual 429)", () => {
    const notFound = { error: { code: "not_found", message: "No such endpoint" } };
    expect(check(answer(404, notFound, { path: "/api/v1/nothing-here" }))).toEqual({
      operation: "GET (no operation of the document matches this path) 404",
    });
    const notAllowed = { error: { code: "bad_request", message: "Method PUT is not allowed" } };
    expect(check(answer(405, notAllowed, { method: "PUT" }))).toEqual({
      operation: "PUT (no operation of the document is PUT /api/v1/documents/{short_code}) 405",
    });
    expect(() => check(answer(200, document, { method: "PUT" }))).toThrow(
      /no operation of the document is PUT \/api\/v1\/documents\/\{short_code\}; expected 405 or 401 or 429 in the error envelope/,
    );
    const options = { method: "OPTIONS", headers: { ...RATE_LIMIT, allow: "GET, PATCH, DELETE, HEAD, OPTIONS" } };
    expect(check(answer(204, null, options))).toEqual({ operation: "OPTIONS /api/v1/documents/{short_code} 204" });
    expect(() => check(answer(204, null, { ...options, headers: RATE_LIMIT }))).toThrow(/OPTIONS answers 204 with an Allow header/);
    const limited = { error: { code: "rate_limited", message: "Too many requests" } };
    expect(check(answer(429, limited, { method: "OPTIONS", headers: RATE_LIMIT }))).toEqual({
      operation: "OPTIONS (OPTIONS past the rate limit) 429",
    });
    expect(() => check(answer(429, "slow down", { method: "OPTIONS", headers: RATE_LIMIT }))).toThrow(/error envelope/);
  });

  it("reads HEAD as GET without a body, a path as the server serves it, and the server's own refusals", () => {
    expect(check(answer(200, null, { method: "HEAD" }))).toEqual({ operation: "HEAD /api/v1/documents/{short_code} 200" });
    expect(() => check(answer(200, document, { method: "HEAD" }))).toThrow(/a HEAD answer has no body/);
    expect(check(answer(200, document, { path: `//api/v1/documents/${String(document.short_code)}/` }))).toEqual({
      operation: "GET /api/v1/documents/{short_code} 200",
    });
    const refused = { error: { code: "bad_request", message: "No." } };
    expect(check(answer(400, refused, { path: "/api/v1/documents/%ZZ" }))).toEqual({
      operation: "GET (a path that is not valid percent-encoding) 400",
    });
    expect(() => check(answer(404, refused, { path: "/api/v1/documents/%ZZ" }))).toThrow(/expected 400 in the error envelope/);
    expect(check(answer(405, refused, { method: "TRACE", path: "/api/v1/documents/%ZZ" }))).toEqual({
      operation: "TRACE (a method no route serves) 405",
    });
    // Past the server's own checks the key comes first: a caller without one learns no routes.
    expect(check(answer(401, refused, { path: "/api/v1/nothing-here" }))).toEqual({
      operation: "GET (no operation of the document matches this path) 401",
    });
    expect(() => check(answer(401, refused, { method: "TRACE" }))).toThrow(/expected 405 in the error envelope/);
  });
});
