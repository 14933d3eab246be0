import { ApiError } from "../../errors";
import { UNDRAWABLE_PAGE_HEADER } from "./reader-headers";

/**
 * The answer for a file of a page the server cannot draw (a damaged file, a page the PDF worker
 * refuses): 404 like a page not drawn yet, so the viewer's other handling is unchanged, marked so
 * it stops asking and goes to pdf.js (where the file is offered) or the page's notice at once.
 */
export const undrawablePage = (page: number) =>
  new ApiError("not_found", `Page ${page} cannot be drawn as an image.`, {
    headers: { [UNDRAWABLE_PAGE_HEADER]: "true", "Cache-Control": "no-store" },
  });
