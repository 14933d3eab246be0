import { describe, expect, it } from "vitest";
import { roomLinkRow } from "./room-link-rows";

const settings = {
  email_gate: true,
  gate_type: "full" as const,
  allow_download: true,
  allow_questions: true,
  password: false,
  expires_at: null,
  verify_email: false,
  allow: [],
  block: [],
  watermark: null,
  agreement: null,
};
const link = {
  code: "p4x8m2k7qa",
  url: "http://localhost:3000/s/p4x8m2k7qa",
  name: "Jane",
  is_active: true,
  group_id: null,
  created_at: "2026-01-01T00:00:00Z",
};

describe("roomLinkRow", () => {
  it("says a link without overrides follows the room", () => {
    expect(roomLinkRow({ ...link, settings, overrides: [] })).toEqual({
      code: link.code,
      url: link.url,
      name: "Jane",
      isActive: true,
      overrides: {},
      overridden: "Follows the room's settings.",
      groupId: null,
    });
  });

  it("gives the edit form the link's own values, a password override as a marker, the gate as one setting", () => {
    const row = roomLinkRow({
      ...link,
      is_active: false,
      settings: { ...settings, gate_type: "none", allow_download: false, password: false, block: ["rival.com"] },
      overrides: ["gate_type", "allow_download", "password", "block"],
    });
    expect(row.isActive).toBe(false);
    expect(row.overrides).toEqual({ email_gate: false, allow_download: false, password: true, block: ["rival.com"] });
    expect(row.overridden).toBe("Its own email gate, downloads, password, readers blocked; the rest follows the room.");
  });
});
