import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { shortCodeParam } from "../schemas/common";
import { listDocumentsQuery } from "../schemas/documents";
import { createLinkSchema } from "../schemas/links";
import { argumentsSchema, bodyArguments, namedArgument, queryArguments } from "./tool-arguments";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("a tool's arguments", () => {
  it("are advertised from the REST schema with the OpenAPI document's types and descriptions", () => {
    const schema = argumentsSchema({}, listDocumentsQuery);
    expect(schema.properties.page).toEqual({ type: "integer", minimum: 1, default: 1, description: "Page number, from 1" });
    expect(schema.properties.per_page).toMatchObject({ type: "integer", maximum: 100 });
    expect(schema.properties.sort).toMatchObject({ enum: ["created_at", "views", "engagement", "title"] });
    expect(schema).not.toHaveProperty("required");
  });

  it("name the document they act on as a required argument beside a body's fields, which refuse unknown ones", () => {
    const schema = argumentsSchema({ short_code: shortCodeParam }, createLinkSchema);
    expect(schema.required).toEqual(["short_code", "name"]);
    expect(Object.keys(schema.properties)).toEqual(["short_code", "name", "settings"]);
    expect(schema.additionalProperties).toBe(false);
  });

  it("are read as a query string is: numbers and booleans as their text, empty or null as not given", () => {
    expect(queryArguments(listDocumentsQuery, { page: 2, per_page: "5", has_leads: true, search: "", sort: null })).toEqual({
      page: 2,
      per_page: 5,
      has_leads: true,
      sort: "created_at",
    });
  });

  it("are refused with the REST route's code and message", () => {
    expect(refusal(() => queryArguments(listDocumentsQuery, { per_page: 500 }))).toEqual({
      code: "bad_request",
      message: 'per_page must be an integer from 1 to 100 (got "500")',
    });
    expect(refusal(() => bodyArguments(createLinkSchema, { short_code: "s-x", name: "Jane", colour: "red" }, ["short_code"]))).toEqual({
      code: "validation_error",
      message: "Unknown field(s): colour",
    });
    expect(refusal(() => namedArgument({ short_code: 7 }, "short_code"))).toEqual({
      code: "validation_error",
      message: "short_code is required and must be a string.",
    });
  });
});
