import { describe, expect, it } from "vitest";
import { linkFieldProblems, readLinkForm } from "./link-form-input";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("readLinkForm", () => {
  it("follows the document for every setting left on its default choice", () => {
    expect(
      readLinkForm(form({ name: " Sequoia — Jane ", expires_at_mode: "document", email_gate: "document", password_mode: "document" })),
    ).toEqual({
      name: "Sequoia — Jane",
      settings: {},
      inherit: [
        "email_gate",
        "allow_download",
        "block_free_emails",
        "password",
        "expires_at",
        "verify_email",
        "allow",
        "block",
        "watermark",
        "agreement",
      ],
    });
  });

  it("turns the choices into overrides: toggles, a UTC expiry, a password, lists and texts", () => {
    const read = readLinkForm(
      form({
        name: "Acme",
        email_gate: "on",
        allow_download: "off",
        verify_email: "on",
        expires_at_mode: "at",
        expires_at: "2026-12-31T18:00",
        password_mode: "set",
        password: "open sesame",
        allow: "acme.com\njane@partner.io, bob@x.io",
        block: "",
        watermark: " {email} · {date} ",
        agreement: "Keep it secret.",
      }),
    );
    expect(read.settings).toEqual({
      email_gate: true,
      allow_download: false,
      verify_email: true,
      expires_at: "2026-12-31T18:00:00Z",
      password: "open sesame",
      allow: ["acme.com", "jane@partner.io", "bob@x.io"],
      watermark: "{email} · {date}",
      agreement: "Keep it secret.",
    });
    expect(read.inherit).toEqual(["block_free_emails", "block"]);
  });

  it("asks what the sharing settings' table marks for links' forms: a new one there is read here with no change", () => {
    expect(readLinkForm(form({ name: "x", block_free_emails: "on" })).settings).toEqual({ block_free_emails: true });
    expect(readLinkForm(form({ name: "x", block_free_emails: "off" }), ["email_gate"])).toEqual({
      name: "x",
      settings: {},
      inherit: ["email_gate"],
    });
  });

  it("passes on the instant the browser read from the owner's local time as it is", () => {
    const read = readLinkForm(form({ name: "x", expires_at_mode: "at", expires_at: "2030-12-31T14:00:00.000Z" }));
    expect(read.settings).toEqual({ expires_at: "2030-12-31T14:00:00.000Z" });
  });

  it("overrides with none for “never expires” and “no password”, and keeps the link's password untouched on “keep”", () => {
    expect(readLinkForm(form({ name: "x", expires_at_mode: "never", password_mode: "none" })).settings).toEqual({
      expires_at: null,
      password: null,
    });
    const kept = readLinkForm(form({ name: "x", password_mode: "keep", password: "ignored" }));
    expect(kept.settings).not.toHaveProperty("password");
    expect(kept.inherit).not.toContain("password");
  });
});

describe("linkFieldProblems", () => {
  it("names the API's problems by the form's fields", () => {
    expect(linkFieldProblems({ name: "too long", "settings.expires_at": "bad date", "settings.allow.3": "bad entry" })).toEqual({
      name: "too long",
      expires_at: "bad date",
      allow: "bad entry",
    });
  });
});
