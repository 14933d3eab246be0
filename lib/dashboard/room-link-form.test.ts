import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { roomLinkFormOverrides, roomLinkUpdateFromForm } from "./room-link-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const following = {
  expires_at_mode: "document",
  email_gate: "document",
  allow_download: "document",
  password_mode: "document",
  verify_email: "document",
};

describe("roomLinkUpdateFromForm", () => {
  it("inherits every setting left to follow the room, the gate's two keys together, and reads none a room does not have", () => {
    expect(roomLinkUpdateFromForm(form({ name: "Jane", ...following, block_free_emails: "on" }))).toEqual({
      name: "Jane",
      settings: {},
      inherit: [
        "email_gate",
        "allow_download",
        "password",
        "expires_at",
        "verify_email",
        "allow",
        "block",
        "watermark",
        "agreement",
        "gate_type",
      ],
    });
  });

  it("overrides the gate as full or none, and the other rules as the document link form does", () => {
    const update = roomLinkUpdateFromForm(
      form({
        ...following,
        name: "Bo",
        email_gate: "off",
        allow_download: "on",
        expires_at_mode: "at",
        expires_at: "2030-01-01T00:00:00.000Z",
        password_mode: "none",
        block: "rival.com",
        watermark: "{email}",
      }),
    );
    expect(update.settings).toEqual({
      email_gate: false,
      gate_type: "none",
      allow_download: true,
      expires_at: "2030-01-01T00:00:00.000Z",
      password: null,
      block: ["rival.com"],
      watermark: "{email}",
    });
    expect(update.inherit).toEqual(["verify_email", "allow", "agreement"]);
    expect(roomLinkUpdateFromForm(form({ ...following, name: "Bo", email_gate: "on" })).settings).toEqual({
      email_gate: true,
      gate_type: "full",
    });
  });

  it("refuses what the API refuses, naming the field", () => {
    const refused = () => roomLinkUpdateFromForm(form({ ...following, name: "", watermark: "{nope}" }));
    expect(refused).toThrow(ApiError);
    try {
      refused();
    } catch (error) {
      expect(Object.keys((error as ApiError).fields ?? {}).sort()).toEqual(["name", "settings.watermark"]);
    }
  });
});

describe("roomLinkFormOverrides", () => {
  it("shows the gate as one choice and leaves settings not overridden out", () => {
    expect(roomLinkFormOverrides({})).toEqual({});
    expect(roomLinkFormOverrides({ gate_type: "none", allow_download: false })).toEqual({ email_gate: false, allow_download: false });
    expect(roomLinkFormOverrides({ email_gate: true, gate_type: "full", password: true })).toEqual({ email_gate: true, password: true });
  });
});
