import { describe, expect, it } from "vitest";
import { readWebhookForm, webhookUrlMessage } from "./webhook-form-input";

const form = (url: string, events: string[]) => {
  const data = new FormData();
  data.set("url", url);
  for (const e of events) data.append("events", e);
  return data;
};

describe("readWebhookForm", () => {
  it("reads the URL and the chosen events in the contract's order, ignoring unknown ones", () => {
    expect(readWebhookForm(form(" https://crm.example.com/hook ", ["lead.captured", "document.viewed", "bogus"]))).toEqual({
      ok: true,
      input: { url: "https://crm.example.com/hook", events: ["document.viewed", "lead.captured"] },
    });
  });

  it("asks for an address and at least one event", () => {
    expect(readWebhookForm(form("", []))).toEqual({
      ok: false,
      fieldErrors: {
        url: "Enter your endpoint's address, like https://example.com/webhooks/pagewise",
        events: "Choose at least one event to receive",
      },
    });
  });
});

describe("webhookUrlMessage", () => {
  it("puts the URL check's API wording in the reader's words", () => {
    expect(webhookUrlMessage("url must be an absolute URL, like https://example.com/webhooks/pagewise")).toBe(
      "Enter a full address, starting with https://, like https://example.com/webhooks/pagewise",
    );
    expect(webhookUrlMessage("url must use https")).toBe("Use an address starting with https://: deliveries are sent over HTTPS only");
    expect(webhookUrlMessage("url must not contain credentials")).toBe("Remove the user name and password from the address");
    expect(
      webhookUrlMessage("intranet.example resolves to 10.0.0.5, a private or reserved address; webhooks must reach the public internet"),
    ).toBe("intranet.example is a private network address (10.0.0.5); use one that is reachable from the internet");
    expect(webhookUrlMessage("url host nope.invalid could not be resolved")).toBe(
      "No server named nope.invalid was found. Check the address for typos",
    );
  });
});
