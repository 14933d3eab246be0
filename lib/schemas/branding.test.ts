import { describe, expect, it } from "vitest";
import { brandingSettings } from "./branding";

describe("the branding form", () => {
  it("stores the accent in lower case and reads the checkbox", () => {
    expect(brandingSettings.parse({ accent_color: " #FDE68A ", hide_pagewise_mark: "true" })).toEqual({
      accentColor: "#fde68a",
      hidePagewiseMark: true,
    });
    expect(brandingSettings.parse({})).toEqual({ accentColor: null, hidePagewiseMark: false });
  });

  it("refuses anything but # and six hex digits", () => {
    for (const accent_color of ["red", "#fff", "#12345g", "#1234567", "fde68a", "#fde68a;x", "url(#a)", "#fde68a\u0000"]) {
      const result = brandingSettings.safeParse({ accent_color });
      expect(result.success, accent_color).toBe(false);
    }
    expect(brandingSettings.safeParse({ hide_pagewise_mark: "yes" }).success).toBe(false);
  });
});
