import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { hasNulCharacter, MAX_JSON_DEPTH } from "./nul-characters";

describe("checking input for NUL characters", () => {
  it("finds NUL in nested values and keys", () => {
    expect(hasNulCharacter({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(hasNulCharacter({ "k\u0000": 1 })).toBe(true);
    expect(hasNulCharacter({ a: ["fine", 1, null, { b: true }] })).toBe(false);
  });

  it("refuses 5,000 levels of nesting with 400 instead of overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(5000)}${"]".repeat(5000)}`) as unknown;
    const error = (() => {
      try {
        hasNulCharacter({ events: deep });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect([error!.status, error!.message]).toEqual([400, `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`]);
  });
});
