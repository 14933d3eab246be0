/** A page's thumbnail for the dashboard, named by the document's version so a new version's picture is never an old cached one. */
export const pageImageUrl = (code: string, version: number, page: number) => `/api/dashboard/documents/${code}/pages/${page}?v=${version}`;

/**
 * A small picture of one page of the owner's document (the server-rendered thumbnail), or a plain
 * sheet with the page number while the page has no image yet. Decorative: the text beside it names
 * the document or page.
 */
export function PageThumbnail({
  code,
  version,
  page,
  hasImage,
  width,
  aspect,
  className = "",
}: {
  code: string;
  /** The document's current version number. */
  version: number;
  page: number;
  hasImage: boolean;
  /** CSS pixels; the height follows the page's shape. */
  width: number;
  aspect: number;
  className?: string;
}) {
  const box = { width, height: Math.round(width * Math.min(Math.max(aspect, 0.3), 3)) };
  const frame = `shrink-0 overflow-hidden rounded-sm border border-slate-200 bg-white shadow-sm ${className}`;
  if (!hasImage) {
    return (
      <span aria-hidden className={`${frame} flex items-center justify-center text-[10px] text-slate-400`} style={box}>
        {page}
      </span>
    );
  }
  return (
    // A plain <img>: the thumbnail is already small and served under the owner's session, not by an image optimizer.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={pageImageUrl(code, version, page)}
      alt=""
      aria-hidden
      loading="lazy"
      decoding="async"
      data-testid={`thumbnail-${page}`}
      className={`${frame} object-cover object-top`}
      style={box}
    />
  );
}
