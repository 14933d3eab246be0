import { describe, expect, it } from "vitest";
import { fitTextRuns } from "./fit-text-runs";

/**
 * A stand-in for the browser's layout: writing a transform leaves the page's layout dirty, and
 * reading a width from a dirty page forces a layout, as a real browser does (no DOM in these tests).
 */
function layoutCounter() {
  let dirty = true;
  let layouts = 0;
  const span = (natural: number, boxWidth: number) => {
    let transform = "";
    return {
      dataset: { boxWidth: String(boxWidth) },
      get offsetWidth() {
        if (dirty) {
          layouts++;
          dirty = false;
        }
        return natural;
      },
      style: {
        get transform() {
          return transform;
        },
        set transform(value: string) {
          transform = value;
          dirty = true;
        },
      },
    } as unknown as HTMLElement;
  };
  return { span, layouts: () => layouts };
}

describe("fitTextRuns", () => {
  it("lays a page of 200 runs out once, not once per run", () => {
    const browser = layoutCounter();
    const spans = Array.from({ length: 200 }, (_, i) => browser.span(100 + i, 150));
    fitTextRuns(spans);
    expect(browser.layouts()).toBe(1);
  });

  it("stretches each run to its box, and leaves an empty run alone", () => {
    const browser = layoutCounter();
    const [wide, empty] = [browser.span(200, 300), browser.span(0, 50)];
    fitTextRuns([wide!, empty!]);
    expect(wide!.style.transform).toBe("scaleX(1.5)");
    expect(empty!.style.transform).toBe("");
  });
});
