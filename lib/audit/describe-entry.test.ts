import { describe, expect, it } from "vitest";
import { describeEntry } from "./describe-entry";

const entry = (over: Partial<Parameters<typeof describeEntry>[0]>): Parameters<typeof describeEntry>[0] => ({
  id: "00000000-0000-4000-8000-000000000000",
  action: "document.updated",
  actor: { type: "member", user_id: "00000000-0000-4000-8000-000000000001", email: "ana@example.com", name: "Ana Ruiz" },
  address: "203.0.113.7",
  target: { type: "document", id: "s-abc", label: "Deck Q3" },
  details: {},
  created_at: "2026-11-26T10:00:00.000Z",
  ...over,
});

describe("an audit entry in words", () => {
  it("names the member and each changed setting from → to", () => {
    const sentence = describeEntry(
      entry({ details: { changes: { gate_page: { from: 3, to: 2 }, allow_download: { from: true, to: false } } } }),
    );
    expect(sentence).toBe("Ana Ruiz changed 'Deck Q3': gate page 3 → 2, allow download on → off");
  });

  it("falls back to the email, then to an operator, when there is no name", () => {
    expect(
      describeEntry(entry({ action: "document.deleted", actor: { type: "member", user_id: null, email: "ana@example.com", name: null } })),
    ).toBe("ana@example.com moved 'Deck Q3' to the Trash");
    expect(describeEntry(entry({ action: "document.created", actor: { type: "operator", user_id: null, email: null, name: null } }))).toBe(
      "An operator uploaded 'Deck Q3'",
    );
  });

  it("tells a restore from the Trash, an admin's delete forever and the sweep's apart", () => {
    expect(describeEntry(entry({ action: "document.restored" }))).toBe("Ana Ruiz restored 'Deck Q3' from the Trash");
    expect(describeEntry(entry({ action: "document.purged" }))).toBe("Ana Ruiz deleted 'Deck Q3' for good");
    const sweep = { type: "operator" as const, user_id: null, email: null, name: null };
    const room = { type: "room" as const, id: "r", label: "Deal room" };
    expect(describeEntry(entry({ action: "room.purged", actor: sweep, target: room, details: { trash_days: 30 } }))).toBe(
      "An operator deleted the room 'Deal room' for good, 30 days after it was put in the Trash",
    );
  });

  it("says whom a member change was about and what role", () => {
    const target = { type: "member" as const, id: "u", label: "bo@example.com" };
    expect(describeEntry(entry({ action: "member.invited", target, details: { role: "admin" } }))).toBe(
      "Ana Ruiz invited bo@example.com as admin",
    );
    expect(
      describeEntry(entry({ action: "member.role_changed", target, details: { changes: { role: { from: "member", to: "admin" } } } })),
    ).toBe("Ana Ruiz changed the role of bo@example.com: role member → admin");
  });

  it("says why a webhook was disabled and whose address it carried", () => {
    const target = { type: "webhook" as const, id: "00000000-0000-4000-8000-000000000003", label: "hooks.bo.dev" };
    const url_set_by = { user_id: "00000000-0000-4000-8000-000000000004", email: "bo@example.com" };
    expect(describeEntry(entry({ action: "webhook.disabled", target, details: { reason: "url_setter_left", url_set_by } }))).toBe(
      "Ana Ruiz disabled the webhook hooks.bo.dev set by bo@example.com, no longer an admin",
    );
    expect(describeEntry(entry({ action: "webhook.disabled", target, details: { reason: "account_claimed" } }))).toBe(
      "Ana Ruiz disabled the webhook hooks.bo.dev on confirming their address for the first time",
    );
  });

  it("says what changed in a room, naming the room, the document, the folder or the link", () => {
    const target = { type: "room" as const, id: "00000000-0000-4000-8000-000000000002", label: "Series A" };
    const document = { short_code: "s-abc", title: "Deck Q3" };
    expect(describeEntry(entry({ action: "room.document_added", target, details: { document, folder: null } }))).toBe(
      "Ana Ruiz added 'Deck Q3' to the room 'Series A'",
    );
    expect(
      describeEntry(entry({ action: "room.document_moved", target, details: { document, changes: { position: { from: 3, to: 0 } } } })),
    ).toBe("Ana Ruiz moved 'Deck Q3' in the room 'Series A': position 3 → 0");
    expect(
      describeEntry(entry({ action: "room.folders_changed", target, details: { change: "deleted", folder: { name: "Legal" } } })),
    ).toBe("Ana Ruiz deleted the folder 'Legal' of the room 'Series A', keeping what it held");
    expect(describeEntry(entry({ action: "room.link_created", target, details: { link: { name: "Acme — Ann" } } }))).toBe(
      "Ana Ruiz created the link 'Acme — Ann' of the room 'Series A'",
    );
    expect(describeEntry(entry({ action: "room.link_deleted", target, details: { link: { name: "Acme — Ann" } } }))).toBe(
      "Ana Ruiz deleted the link 'Acme — Ann' of the room 'Series A'",
    );
  });
});
