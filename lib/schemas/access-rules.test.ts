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

  it("names every address of one mailbox: a +tag, and dots at Gmail", () => {
    expect(listNames(["boss@acme.com"], "boss+x@acme.com")).toBe(true);
    expect(listNames(["boss@gmail.com"], "b.o.s.s+deal@googlemail.com")).toBe(true);
    expect(listNames(["b.oss@gmail.com"], "boss@gmail.com")).toBe(true);
    expect(listNames(["googlemail.com"], "jane@gmail.com")).toBe(true);
    // An allow list names mailboxes: elsewhere a dot may be part of the name.
    expect(listNames(["boss@acme.com"], "b.o.s.s@acme.com")).toBe(false);
  });

  it("as a block list, also names lookalikes: b.o.s.s@acme.com does not slip past a block on boss@acme.com", () => {
    expect(listNames(["boss@acme.com"], "b.o.s.s@acme.com", "lookalike")).toBe(true);
    expect(listNames(["boss@acme.com"], "B.oss+x@ACME.com", "lookalike")).toBe(true);
    expect(listNames(["boss@acme.com"], "bossy@acme.com", "lookalike")).toBe(false);
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
