import { describe, expect, it } from "vitest";
import { roomSettingsForm } from "./room-settings-form";

describe("roomSettingsForm", () => {
  it("reads unchecked boxes as off, an empty expiry as never, and keeps an unset password", () => {
    expect(roomSettingsForm.parse({ gate_type: "none" })).toEqual({ gate_type: "none", allow_download: false, expires_at: null });
  });

  it("sets a password and an expiry, or clears the password", () => {
    expect(
      roomSettingsForm.parse({ gate_type: "full", allow_download: "true", expires_at: "2030-01-01T00:00:00Z", password: "long enough" }),
    ).toEqual({ gate_type: "full", allow_download: true, expires_at: "2030-01-01T00:00:00Z", password: "long enough" });
    expect(roomSettingsForm.parse({ gate_type: "full", password: "ignored", clear_password: "true" })).toMatchObject({ password: null });
  });

  it("refuses a short password and an unreadable expiry by field", () => {
    const result = roomSettingsForm.safeParse({ gate_type: "full", password: "short", expires_at: "soon" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["expires_at", "password"]);
  });
});
