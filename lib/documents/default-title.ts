/** The filename without its extension, `_` and `-` turned into spaces, trimmed (docs/contract-decisions.md). */
export function defaultTitle(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const withoutExtension = base.replace(/\.[^.]*$/, "");
  const title = withoutExtension.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return (title || "Untitled document").slice(0, 200);
}
