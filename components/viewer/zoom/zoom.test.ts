import { describe, expect, it } from "vitest";
import { pageWidthFor, scaleOf, stepFrom } from "./zoom";

const desktop = { width: 1425, height: 844 };
const LETTER = 792 / 612;

describe("zoom", () => {
  it("fits the page to the column's width, or whole into the viewport", () => {
    expect(pageWidthFor({ fit: "width" }, desktop, LETTER)).toBe(1425 - 24);
    expect(pageWidthFor({ fit: "page" }, desktop, LETTER) * LETTER).toBeCloseTo(844 - 48, 6);
    // A wide slide fits the page by its width.
    expect(pageWidthFor({ fit: "page" }, desktop, 9 / 16)).toBe(1425 - 24);
  });

  it("measures scales from the 100 % width, a comfortable reading width", () => {
    expect(pageWidthFor({ scale: 1 }, desktop, LETTER)).toBe(900);
    expect(pageWidthFor({ scale: 2 }, desktop, LETTER)).toBe(1800);
    expect(scaleOf(1401, desktop)).toBeCloseTo(1401 / 900, 6);
  });

  it("steps from any scale (a fit, a pinch) to the next step in the list, and stops at its ends", () => {
    expect(stepFrom(1, 1)).toBe(1.25);
    expect(stepFrom(1.1, -1)).toBe(1);
    expect(stepFrom(1.1, 1)).toBe(1.25);
    expect(stepFrom(3, 1)).toBeNull();
    expect(stepFrom(0.5, -1)).toBeNull();
  });
});
