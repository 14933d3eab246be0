/**
 * Query parameters that carry a value. An empty value (`?engagement=`, what a GET form sends for a
 * field left blank) is the parameter not given, so it falls back to its default instead of being refused.
 */
export function presentParams(params: Iterable<[string, string]> | Record<string, string | string[] | undefined>): Record<string, string> {
  const entries = Symbol.iterator in params ? [...params] : Object.entries(params);
  const present: Record<string, string> = {};
  for (const [name, value] of entries) {
    // A repeated parameter counts once, its last value, as Object.fromEntries(searchParams) reads it.
    const text = Array.isArray(value) ? value.at(-1) : value;
    if (text === undefined || text === "") delete present[name];
    else present[name] = text;
  }
  return present;
}
