import { describe, expect, it } from "vitest";
import { documentValidator } from "../../test/support/api-contract";
import { openApiDocument } from "../contract/openapi-document";

type MediaType = { schema?: unknown; example?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};

const document = openApiDocument();
const validate = documentValidator(document);

/** Every request body and response body of the document's operations and webhooks, with the pointer to its schema. */
const bodies = (["paths", "webhooks"] as const).flatMap((section) =>
  Object.entries((document[section] ?? {}) as Record<string, Record<string, Operation>>).flatMap(([route, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const name = `${method.toUpperCase()} ${route}`;
      const requests = Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => ({
        name: `${name} request (${type})`,
        media,
        schema: [section, route, method, "requestBody", "content", type, "schema"],
      }));
      const responses = Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
        Object.entries(response.content ?? {}).map(([type, media]) => ({
          name: `${name} ${status} (${type})`,
          media,
          schema: [section, route, method, "responses", status, "content", type, "schema"],
        })),
      );
      return [...requests, ...responses];
    }),
  ),
);

describe("the OpenAPI document's examples", () => {
  it("cover every request body and every response with a body, errors included", () => {
    expect(bodies.length).toBeGreaterThan(100);
    expect(bodies.filter((body) => body.media.example === undefined).map((body) => body.name)).toEqual([]);
  });

  // Closed objects, as the run-time contract check reads them: an example naming a field the schema does not is drift too.
  it.each(bodies.map((body) => [body.name, body] as const))("%s: the example matches its schema", (_, body) => {
    expect(validate(body.schema, body.media.example, "example")).toBeNull();
  });
});
