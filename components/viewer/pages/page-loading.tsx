/**
 * A page that is on its way: placeholder lines that pulse (standing still under reduced motion),
 * over the box until the page is first drawn. The slot tells screen readers it is busy. The bar and
 * lines are one element's backgrounds (`.page-placeholder` in app/globals.css): a long document has
 * one of these per page not yet drawn, and on a phone its first render was mostly their elements.
 */
export function PageLoading() {
  return (
    <div aria-hidden data-testid="page-loading" className="absolute inset-0 bg-white [container-type:size]">
      <div className="page-placeholder h-full w-full motion-safe:animate-pulse" />
    </div>
  );
}
