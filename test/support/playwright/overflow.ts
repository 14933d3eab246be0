import type { Page } from "@playwright/test";

/**
 * How wide the page is, and every visible element that reaches past either side of the screen. An
 * element clipped by a box that scrolls sideways is that box's business (the box itself is
 * checked); an absolutely placed one is clipped only by boxes around its containing block.
 */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const clippedByAncestor = (element: Element) => {
      let position = getComputedStyle(element).position;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const contains = position === "fixed" ? false : position === "absolute" ? style.position !== "static" : true;
        if (!contains) continue;
        if (style.overflowX !== "visible") return true;
        position = style.position;
      }
      return false;
    };
    const visuallyHidden = (element: Element) => {
      const style = getComputedStyle(element);
      return style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
    };
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ""} class="${String(element.getAttribute("class") ?? "").slice(0, 60)}">${(element.textContent ?? "").trim().slice(0, 40)}`;
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || (rect.left >= -0.5 && rect.right <= screen + 0.5)) continue;
      if (!clippedByAncestor(element) && !visuallyHidden(element))
        outside.push(`${name(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  });
