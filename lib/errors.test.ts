import { describe, expect, it } from "vitest";
import { z } from "zod";
import { invalidInput } from "./errors";

const form = z.strictObject({
  email: z.email("Enter a valid email address"),
  gate_page: z.number().int().min(1, "gate_page must be at least 1"),
  pages: z.array(z.strictObject({ seconds: z.number().min(0, "seconds must not be negative") })).optional(),
});

const failure = (input: unknown) => form.safeParse(input).error!;

describe("invalidInput, the one way a zod failure becomes an ApiError", () => {
  it("names every problem after its field for API clients, and each field's first problem in fields", () => {
    const error = invalidInput(failure({ email: "nope", gate_page: 0, pages: [{ seconds: -1 }], colour: "red" }));
    expect([error.code, error.status]).toEqual(["validation_error", 422]);
    expect(error.message).toBe(
      'email: Enter a valid email address; gate_page must be at least 1; pages.0.seconds: seconds must not be negative; Unrecognized key: "colour"',
    );
    expect(error.fields).toEqual({
      email: "Enter a valid email address",
      gate_page: "gate_page must be at least 1",
      "pages.0.seconds": "seconds must not be negative",
      colour: "Unknown field",
    });
  });

  it("words a form's refusal as its first problem alone, the sentence a reader sees, with the same fields", () => {
    const error = invalidInput(failure({ email: "nope", gate_page: 0 }), { wording: "sentence" });
    expect(error.message).toBe("Enter a valid email address");
    expect(error.fields).toEqual({ email: "Enter a valid email address", gate_page: "gate_page must be at least 1" });
  });

  it("answers query parameters with 400 bad_request", () => {
    const error = invalidInput(failure({ email: "a@b.co", gate_page: 0 }), { code: "bad_request" });
    expect([error.code, error.status, error.message]).toEqual(["bad_request", 400, "gate_page must be at least 1"]);
  });
});
