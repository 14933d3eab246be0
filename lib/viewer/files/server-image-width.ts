/**
 * The page image width the share page's HTML asks for before the viewer has measured the screen:
 * the `<img>`'s `src`, and what its `srcset` picks at the server's guess of the page's width
 * (`SERVER_PAGE_WIDTH`) on a desktop at 1× and a phone at 3×. The page begins a watermarked
 * reader's page 1 at this width.
 */
export const SERVER_IMAGE_WIDTH = 1280;
