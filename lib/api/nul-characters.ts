/** PostgreSQL text cannot hold U+0000: input carrying it is refused before it reaches the database. */
export function hasNulCharacter(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  if (value !== null && typeof value === "object") return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || hasNulCharacter(inner));
  return false;
}

export const NUL_MESSAGE = "Text must not contain NUL (U+0000) characters.";

/** For a text field's schema: `.refine(withoutNul, "<field> must not contain NUL characters")`. */
export const withoutNul = (text: string) => !text.includes("\u0000");
