import { describe, expect, it } from "vitest";
import {
  anchoredScroll,
  COLUMN,
  keepPageCurrent,
  mostVisiblePage,
  type PageLayout,
  pageLeft,
  pageTop,
  wholePageScroll,
} from "./page-geometry";

// Letter pages in a 1440 × 844 viewer.
const at = (width: number, pages = 12): PageLayout => ({ width, height: width * (792 / 612), pages, viewportWidth: 1425 });
const VIEWPORT_HEIGHT = 844;

describe("page geometry", () => {
  it("centres a page narrower than the viewport and starts a wider one at the column's padding, never at a negative offset", () => {
    expect(pageLeft(at(900))).toBe((1425 - 900) / 2);
    expect(pageLeft(at(1800))).toBe(COLUMN.inline);
  });

  it("makes the page with the most visible height current, and keeps the current page on a tie", () => {
    const layout = at(300);
    const page5 = pageTop(layout, 5);
    expect(mostVisiblePage(layout, page5 - 10, VIEWPORT_HEIGHT, 1)).toBe(5);
    // Pages 5 and 6 both wholly in view: whichever was current stays so.
    expect(mostVisiblePage(layout, page5 - 2, VIEWPORT_HEIGHT, 6)).toBe(6);
    expect(mostVisiblePage(layout, page5 - 2, VIEWPORT_HEIGHT, 5)).toBe(5);
    expect(mostVisiblePage(at(900, 0), 0, VIEWPORT_HEIGHT, 1)).toBeNull();
  });

  it("keeps the document point under the pointer in place when the pages grow or shrink", () => {
    const before = at(900);
    const after = at(1800);
    const scroll = { left: 0, top: pageTop(before, 5) + 300 };
    const pointer = { x: 700, y: 400 };
    const next = anchoredScroll(before, after, scroll, pointer, pointer);
    const fx = (pointer.x - pageLeft(before)) / before.width;
    const fy = (scroll.top + pointer.y - pageTop(before, 5)) / before.height;
    expect(next.left + pointer.x).toBeCloseTo(pageLeft(after) + fx * after.width, 6);
    expect(next.top + pointer.y).toBeCloseTo(pageTop(after, 5) + fy * after.height, 6);
    expect(anchoredScroll(after, before, next, pointer, pointer).top).toBeCloseTo(scroll.top, 6);
  });

  it("moves a pinch's document point along with the fingers' centre", () => {
    const layout = at(900);
    const scroll = { left: 0, top: 2000 };
    expect(anchoredScroll(layout, layout, scroll, { x: 300, y: 300 }, { x: 250, y: 200 })).toEqual({ left: 50, top: 2100 });
  });

  it("moves the view as little as needed to keep the current page current after a zoom", () => {
    const small = at(300);
    const page5 = pageTop(small, 5);
    // Page 5 is current but the view shows mostly pages 6 and 7: scrolled back just enough to show page 5 whole.
    const moved = keepPageCurrent(small, page5 + 250, VIEWPORT_HEIGHT, 5);
    expect(mostVisiblePage(small, moved, VIEWPORT_HEIGHT, 5)).toBe(5);
    expect(moved).toBe(page5);
    // From above: scrolled down just enough.
    expect(keepPageCurrent(small, page5 - 1000, VIEWPORT_HEIGHT, 5)).toBeCloseTo(page5 + small.height - VIEWPORT_HEIGHT, 6);
    // A page taller than the viewport is made to fill it.
    const large = at(1800);
    const top = pageTop(large, 5);
    expect(keepPageCurrent(large, top - 600, VIEWPORT_HEIGHT, 5)).toBe(top);
    // Already current: untouched.
    expect(keepPageCurrent(large, top + 100, VIEWPORT_HEIGHT, 5)).toBe(top + 100);
  });

  it("shows a page whole, centred, wherever the view was scrolled to (Fit page on a phone)", () => {
    // A 366 px page on a 390 px phone whose document area is 752 px high.
    const phone: PageLayout = { width: 366, height: 366 * (792 / 612), pages: 12, viewportWidth: 390 };
    const { left, top } = wholePageScroll(phone, 3, 752);
    expect(left).toBe(0);
    expect(pageTop(phone, 3) - top).toBeCloseTo((752 - phone.height) / 2, 6);
    expect(pageTop(phone, 3) + phone.height - top).toBeLessThanOrEqual(752);
    expect(mostVisiblePage(phone, top, 752, 3)).toBe(3);
    // A page wider than the view: its middle is brought into the middle; the first page never scrolls above the top.
    const wide: PageLayout = { ...phone, width: 800, height: 300 };
    expect(wholePageScroll(wide, 1, 752)).toEqual({ left: COLUMN.inline + 400 - 195, top: 0 });
  });
});
