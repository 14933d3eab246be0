import { describe, expect, it } from "vitest";
import { readSettingsForm } from "./settings-form-input";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("readSettingsForm", () => {
  it("turns the form into the API's update, free preview pages into gate_page", () => {
    const read = readSettingsForm(
      form({ title: " Q3 deck ", email_gate: "true", gate_type: "preview", preview_pages: "2", allow_download: "true" }),
      12,
    );
    expect(read).toEqual({
      ok: true,
      input: {
        title: "Q3 deck",
        email_gate: true,
        gate_type: "preview",
        gate_page: 3,
        allow_download: true,
        download_original: false,
        block_free_emails: false,
        allow_questions: false,
        notifications_enabled: false,
        verify_email: false,
      },
    });
  });

  it("leaves out what the form did not post (disabled fields) and an empty password", () => {
    const read = readSettingsForm(form({ title: "Deck", password: "" }), 5);
    expect(read.ok && read.input).toEqual({
      title: "Deck",
      email_gate: false,
      allow_download: false,
      download_original: false,
      block_free_emails: false,
      allow_questions: false,
      notifications_enabled: false,
      verify_email: false,
    });
  });

  it("clears the password when asked, whatever was typed", () => {
    const read = readSettingsForm(form({ title: "Deck", password: "ab", clear_password: "true" }), 5);
    expect(read.ok && read.input.password).toBeNull();
  });

  it("names every problem in the reader's words, keyed by its field", () => {
    expect(readSettingsForm(form({ title: "  ", preview_pages: "99", password: "abc" }), 12)).toEqual({
      ok: false,
      fieldErrors: {
        title: "Give the document a title",
        preview_pages: "Choose between 0 and 11 free preview pages",
        password: "Use 8 to 128 characters for the password",
      },
    });
  });
});
