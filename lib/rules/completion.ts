/**
 * A viewer's completion is that of the version they read furthest (docs/decisions.md, "Versions:
 * analytics and readers"): pages viewed in that version's visits over its page count, which may
 * not be the current version's. The page count those pages are out of follows from the two,
 * since a viewer never views more pages than the version has: pages ÷ completion. With no page
 * viewed any count fits, and the current one is given.
 */
export function completionPageCount(pagesViewed: number, completion: number, currentPageCount: number): number {
  return pagesViewed > 0 && completion > 0 ? Math.round(pagesViewed / completion) : currentPageCount;
}
