import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** One axe rule broken on a page, with the elements that break it. */
export type Violation = { rule: string; impact: string | null | undefined; help: string; elements: string[] };

/**
 * Runs axe-core (every rule it runs by default, WCAG 2.x A and AA and best practices) over the page
 * as it is now, or only over the elements `within` selects, and answers what it finds.
 */
export async function axeViolations(page: Page, within?: string): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (selector) => {
    type Context = Document | { include: string[] };
    const axe = (window as unknown as { axe: { run: (context: Context, options: object) => Promise<AxeResults> } }).axe;
    const results = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      elements: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`),
    }));
  }, within);
}
