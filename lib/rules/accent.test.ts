import { describe, expect, it } from "vitest";
import { accentInk, accentVariables, contrastRatio, DEFAULT_ACCENT, MIN_TEXT_CONTRAST, relativeLuminance, textOnAccent } from "./accent";

describe("accent contrast", () => {
  it("measures luminance and contrast as WCAG 2 defines them", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    // WCAG's own worked example: #777777 on white is 4.48:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("puts white text on dark accents and black text on pale ones", () => {
    expect(textOnAccent(DEFAULT_ACCENT)).toBe("#ffffff");
    expect(textOnAccent("#000080")).toBe("#ffffff");
    expect(textOnAccent("#ffff00")).toBe("#000000");
    expect(textOnAccent("#fde68a")).toBe("#000000");
    expect(textOnAccent("#ffffff")).toBe("#000000");
  });

  it("keeps button text at AA contrast for every grey from black to white", () => {
    for (let v = 0; v <= 255; v += 5) {
      const hex = `#${v.toString(16).padStart(2, "0").repeat(3)}`;
      // Black or white on any colour reaches at least 4.58:1 (the worst case is mid-grey).
      expect(contrastRatio(hex, textOnAccent(hex)), hex).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("writes labels in the accent only when it is readable on white", () => {
    expect(accentInk("#2453e0")).toBe("#2453e0");
    expect(accentInk("#fde68a")).not.toBe("#fde68a");
    expect(contrastRatio(accentInk("#fde68a"), "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("overrides the theme's brand colours only for a valid accent", () => {
    expect(accentVariables(null)).toBeUndefined();
    expect(accentVariables("red")).toBeUndefined();
    expect(accentVariables("#fde68a; background:url(x)")).toBeUndefined();
    expect(accentVariables("#fde68a")).toMatchObject({
      "--color-brand-600": "#fde68a",
      "--color-brand-contrast": "#000000",
      "--color-brand-700": "color-mix(in srgb, #fde68a 85%, #ffffff)",
    });
  });
});
