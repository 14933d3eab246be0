import { describe, expect, it } from "vitest";
import { brandedHtml } from "./branded-html";

const brand = { teamName: "Acme <b>", accentColor: "#fde68a", logoUrl: "https://app.example/s/abc/logo?v=1&x=2", hidePagewiseMark: false };

describe("an owner email's HTML", () => {
  it("escapes the text, so a title or reader's email cannot inject markup", () => {
    const html = brandedHtml('“<script>alert(1)</script>” read by "x"@evil.test\n\nSee https://app.example/documents/abc', brand);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="https://app.example/documents/abc"');
  });

  it("carries the logo by its absolute URL, the accent, and the mark unless hidden", () => {
    const html = brandedHtml("Hello", brand);
    expect(html).toContain('src="https://app.example/s/abc/logo?v=1&amp;x=2"');
    expect(html).toContain('alt="Acme &lt;b&gt;"');
    expect(html).toContain("border-top:4px solid #fde68a");
    expect(html).toContain("Sent by Pagewise");
    expect(brandedHtml("Hello", { ...brand, hidePagewiseMark: true })).not.toContain("Pagewise");
  });

  it("writes links in a colour readable on white even for a pale accent", () => {
    expect(brandedHtml("https://a.example", brand)).not.toContain("color:#fde68a");
    expect(brandedHtml("https://a.example", { ...brand, accentColor: null, logoUrl: null })).not.toContain("<img");
  });
});
