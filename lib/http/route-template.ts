/** What a path no route template matches is counted and logged as: one label for every stray path. */
export const UNMATCHED_ROUTE = "(unmatched)";

type Template = { template: string; segments: string[]; literals: number; catchAll: boolean };

const dynamic = (segment: string) => segment.startsWith("[");

/**
 * The app's route templates (Next's, such as `/s/[code]/pages/[n]`) and a matcher from a request's
 * path to the one serving it, the most literal segments winning as Next prefers static folders.
 * Labels and log lines carry the template, never the path: share codes and ids stay out of them.
 */
export function routeTemplateMatcher(templates: readonly string[]): (pathname: string) => string {
  const known: Template[] = templates.map((template) => {
    const segments = template.split("/").filter(Boolean);
    return {
      template,
      segments,
      literals: segments.filter((segment) => !dynamic(segment)).length,
      catchAll: segments.at(-1)?.startsWith("[...") ?? false,
    };
  });
  return (pathname) => {
    const path = pathname.split("/").filter(Boolean);
    let best: Template | undefined;
    for (const candidate of known) {
      const fixed = candidate.catchAll ? candidate.segments.length - 1 : candidate.segments.length;
      if (candidate.catchAll ? path.length <= fixed : path.length !== fixed) continue;
      const matches = candidate.segments.slice(0, fixed).every((segment, index) => dynamic(segment) || segment === path[index]);
      if (matches && (!best || candidate.literals > best.literals)) best = candidate;
    }
    if (best) return best.template;
    return pathname.startsWith("/_next/") ? "/_next/*" : UNMATCHED_ROUTE;
  };
}
