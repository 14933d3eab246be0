import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSampleDocument } from "../../../scripts/lib/demo-data";
import { readerAddress } from "../../../test/support/fixtures";
import { db } from "../../db/client";
import { ApiError } from "../../errors";
import { createUser } from "../../users/create-user";
import { checkEmailRules, REFUSED_EMAIL_MESSAGE } from "./email-rules";
import { passGate } from "./pass-gate";

const rules = (allowList: string[], blockList: string[]) => ({ allowList, blockList });
const admits = (doc: ReturnType<typeof rules>, email: string) => {
  try {
    checkEmailRules(doc, email);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).message]).toEqual([403, REFUSED_EMAIL_MESSAGE]);
    return false;
  }
};

describe("allow and block lists at the gate", () => {
  it("admit everyone when both are empty", () => {
    expect(admits(rules([], []), "anyone@gmail.com")).toBe(true);
  });

  it("an allow list admits the addresses and domains it names (subdomains included) and refuses the rest", () => {
    const doc = rules(["acme.com", "jane@partner.io"], []);
    expect(["bob@acme.com", "eu@sales.acme.com", "jane@partner.io"].map((e) => admits(doc, e))).toEqual([true, true, true]);
    expect(["bob@partner.io", "bob@notacme.com", "bob@acme.com.evil.io"].map((e) => admits(doc, e))).toEqual([false, false, false]);
  });

  it("a block list refuses the addresses and domains it names; it wins over the allow list", () => {
    expect(admits(rules([], ["rival.com", "leaky@acme.com"]), "ceo@rival.com")).toBe(false);
    const both = rules(["acme.com"], ["leaky@acme.com", "contractors.acme.com"]);
    expect(["leaky@acme.com", "temp@contractors.acme.com", "jane@acme.com"].map((e) => admits(both, e))).toEqual([false, false, true]);
  });

  it("a refused email passes no gate and nothing is recorded", async () => {
    const owner = await createUser({ email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "long enough" });
    const doc = await createSampleDocument(owner, "Lists", 3, { allow: ["acme.com"], block: ["intern@acme.com"] });
    const events = await db.event.count({ where: { documentId: doc.id } });
    for (const email of ["someone@globex.io", "Intern@Acme.com"]) {
      const error = await passGate(doc, { email }, `browser-${email}`, readerAddress()).then(
        () => null,
        (e: unknown) => e as ApiError,
      );
      expect([error?.status, error?.code, error?.message]).toEqual([403, "forbidden", REFUSED_EMAIL_MESSAGE]);
    }
    expect(await db.viewer.count({ where: { documentId: doc.id } })).toBe(0);
    expect(await db.lead.count({ where: { documentId: doc.id } })).toBe(0);
    expect(await db.event.count({ where: { documentId: doc.id } })).toBe(events);

    await passGate(doc, { email: "jane@acme.com" }, "browser-jane-123456", readerAddress());
    expect(await db.lead.findMany({ where: { documentId: doc.id }, select: { email: true } })).toEqual([{ email: "jane@acme.com" }]);
  });
});
