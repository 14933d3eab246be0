import { describe, expect, it } from "vitest";
import { canonicalMailbox, lookalikeMailbox, mailboxDomain } from "./mailbox";

describe("the canonical mailbox of an address", () => {
  it("ignores case and a +tag", () => {
    expect(canonicalMailbox(" Victim+1@Acme.com ")).toBe("victim@acme.com");
    expect(canonicalMailbox("boss+x+y@acme.com")).toBe("boss@acme.com");
  });

  it("ignores dots only where the provider does (Gmail), and folds googlemail.com into gmail.com", () => {
    expect(canonicalMailbox("B.o.s.s@gmail.com")).toBe("boss@gmail.com");
    expect(canonicalMailbox("b.oss+deals@googlemail.com")).toBe("boss@gmail.com");
    expect(canonicalMailbox("b.o.s.s@acme.com")).toBe("b.o.s.s@acme.com");
    expect(mailboxDomain("jane@googlemail.com")).toBe("gmail.com");
  });

  it("keeps a local part that starts with +, which has no tag to remove", () => {
    expect(canonicalMailbox("+tag@acme.com")).toBe("+tag@acme.com");
  });
});

describe("the lookalike mailbox of an address (block lists and per-email limits)", () => {
  it("ignores dots at every domain, as well as case and a +tag", () => {
    expect(lookalikeMailbox("B.o.s.s+x@Acme.com")).toBe("boss@acme.com");
    expect(lookalikeMailbox("j.ane@googlemail.com")).toBe("jane@gmail.com");
  });
});
