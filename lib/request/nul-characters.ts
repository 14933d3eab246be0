import { ApiError } from "../errors";

/** Deeper than any input of ours; deeper input is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

/**
 * PostgreSQL text cannot hold U+0000: input carrying it is refused before it reaches the database.
 * Walks iteratively and refuses input nested deeper than MAX_JSON_DEPTH with 400, so a small body
 * of thousands of brackets cannot exhaust the stack here or in a schema.
 */
export function hasNulCharacter(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return true;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new ApiError("bad_request", `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
    }
    if (Array.isArray(current)) {
      for (const item of current) stack.push([item, depth + 1]);
    } else {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes("\u0000")) return true;
        stack.push([inner, depth + 1]);
      }
    }
  }
  return false;
}

export const NUL_MESSAGE = "Text must not contain NUL (U+0000) characters.";

/** For a text field's schema: `.refine(withoutNul, "<field> must not contain NUL characters")`. */
export const withoutNul = (text: string) => !text.includes("\u0000");
