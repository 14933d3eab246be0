import { describe, expect, it } from "vitest";
import { accessRuleFields, listNames, normalizeListEntry } from "./access-rules";

describe("access rules as the API takes them", () => {
  it("normalizes emails and domains, and refuses anything else", () => {
    expect(normalizeListEntry(" Jane@Acme.COM ")).toBe("jane@acme.com");
    expect(normalizeListEntry("@acme.com")).toBe("acme.com");
    expect(normalizeListEntry("sub.acme.co.uk")).toBe("sub.acme.co.uk");
    for (const bad of ["acme", "jane@", "http://acme.com", "a b.com", "", "@"]) expect(normalizeListEntry(bad)).toBeNull();
  });

  it("names an email by its address, its domain or a parent domain", () => {
    const list = ["acme.com", "jane@partner.io"];
    expect(listNames(list, "bob@acme.com")).toBe(true);
    expect(listNames(list, "bob@eu.acme.com")).toBe(true);
    expect(listNames(list, "JANE@partner.io")).toBe(true);
    expect(listNames(list, "joe@partner.io")).toBe(false);
    expect(listNames(list, "bob@notacme.com")).toBe(false);
  });

  it("keeps lists to 500 distinct entries", () => {
    expect(accessRuleFields.allow.parse(["acme.com", "ACME.com", "@acme.com"])).toEqual(["acme.com"]);
    expect(accessRuleFields.block.safeParse(Array.from({ length: 501 }, (_, i) => `d${i}.com`)).success).toBe(false);
    expect(accessRuleFields.allow.safeParse(["not a domain"]).error?.issues[0]?.message).toContain("emails (jane@acme.com) or domains");
  });

  it("takes watermark templates with {email}, {date} and {ip} only", () => {
    expect(accessRuleFields.watermark.parse("Confidential · {email} · {date} · {ip}")).toBe("Confidential · {email} · {date} · {ip}");
    expect(accessRuleFields.watermark.safeParse("{name}").success).toBe(false);
    expect(accessRuleFields.watermark.parse(null)).toBeNull();
  });

  it("takes an agreement as text or a single https URL", () => {
    expect(accessRuleFields.agreement.parse("https://acme.com/nda")).toBe("https://acme.com/nda");
    expect(accessRuleFields.agreement.safeParse("http://acme.com/nda").success).toBe(false);
    expect(accessRuleFields.agreement.parse("I will keep this confidential.")).toBe("I will keep this confidential.");
  });
});
