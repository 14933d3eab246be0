import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { roomUpdateFromForm } from "./room-settings-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const refusal = (fields: Record<string, string>) => {
  try {
    roomUpdateFromForm(form(fields));
  } catch (error) {
    if (error instanceof ApiError) return error.fields ?? {};
  }
  throw new Error("not refused");
};

describe("roomUpdateFromForm", () => {
  it("reads unchecked boxes as off, empty rules as none, and keeps an unset password", () => {
    expect(roomUpdateFromForm(form({ name: "Series A", description: "", gate_type: "none" }))).toEqual({
      name: "Series A",
      description: "",
      settings: {
        email_gate: false,
        gate_type: "none",
        allow_download: false,
        allow_questions: false,
        expires_at: null,
        verify_email: false,
        allow: [],
        block: [],
        watermark: null,
        agreement: null,
      },
    });
  });

  it("reads every access rule as the document form does, and sets or clears the password", () => {
    const update = roomUpdateFromForm(
      form({
        name: " Series A ",
        description: "For the round",
        gate_type: "full",
        allow_download: "true",
        allow_questions: "true",
        expires_at: "2030-01-01T10:00",
        allow: "Acme.com\njane@partner.io, acme.com",
        block: "rival.com",
        watermark: "{email} · {date}",
        agreement: "Keep it to yourself.",
        password: "long enough",
      }),
    );
    expect(update).toEqual({
      name: "Series A",
      description: "For the round",
      settings: {
        email_gate: true,
        gate_type: "full",
        allow_download: true,
        allow_questions: true,
        password: "long enough",
        expires_at: "2030-01-01T10:00:00.000Z",
        verify_email: false,
        allow: ["acme.com", "jane@partner.io"],
        block: ["rival.com"],
        watermark: "{email} · {date}",
        agreement: "Keep it to yourself.",
      },
    });
    expect(roomUpdateFromForm(form({ name: "A", gate_type: "full", password: "ignored", clear_password: "true" })).settings).toMatchObject({
      password: null,
    });
  });

  it("names the fields it cannot read, in the form's names", () => {
    expect(refusal({ name: "A", gate_type: "full", expires_at: "soon", allow: "not an entry", watermark: "{name}" })).toEqual({
      expires_at: expect.stringContaining("Enter a date and time"),
      allow: expect.stringContaining("is not an email or a domain"),
      watermark: "{name} is not a field; use {email}, {date} or {ip}",
    });
    expect(refusal({ name: "", gate_type: "full" })).toEqual({ name: "name must not be empty" });
    expect(Object.keys(refusal({ name: "A", gate_type: "full", password: "abc" }))).toEqual(["settings.password"]);
  });
});
