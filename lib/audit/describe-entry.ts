import type { z } from "zod";
import type { AuditAction, auditEntrySchema } from "../schemas/audit";

type Entry = z.input<typeof auditEntrySchema>;

/** Who acted, in words: their name, else their email; a command on the server has neither. */
export function actorName(actor: Entry["actor"]): string {
  return actor.name || actor.email || "An operator";
}

function value(v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (typeof v === "boolean") return v ? "on" : "off";
  if (Array.isArray(v)) return v.length ? v.map(value).join(", ") : "none";
  if (typeof v === "object") return Object.keys(v).length ? "its own" : "the document's";
  const text = String(v);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** `{ gate_page: { from: 3, to: 2 } }` → "gate page 3 → 2". */
export function describeChanges(details: Record<string, unknown>): string {
  const changes = (details.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
  return Object.entries(changes)
    .map(([field, { from, to }]) => `${field.replaceAll("_", " ")} ${value(from)} → ${value(to)}`)
    .join(", ");
}

const quoted = (label: string) => `'${label}'`;

const PHRASES: Record<AuditAction, (label: string, details: Record<string, unknown>) => string> = {
  "document.created": (l) => `uploaded ${quoted(l)}`,
  "document.updated": (l) => `changed ${quoted(l)}`,
  "document.deleted": (l) => `moved ${quoted(l)} to the Trash`,
  "document.restored": (l) => `restored ${quoted(l)} from the Trash`,
  "document.purged": (l, d) => `deleted ${quoted(l)} for good${afterTrash(d)}`,
  "document.version_uploaded": (l, d) => `uploaded version ${value(d.number)} of ${quoted(l)}`,
  "document.version_restored": (l, d) => `made version ${value(d.number)} of ${quoted(l)} current again`,
  "link.created": (l, d) => `created the link ${quoted(l)}${ofDocument(d)}`,
  "link.updated": (l, d) => `changed the link ${quoted(l)}${ofDocument(d)}`,
  "link.deleted": (l, d) => `deleted the link ${quoted(l)}${ofDocument(d)}`,
  "room.created": (l) => `created the room ${quoted(l)}`,
  "room.updated": (l) => `changed the room ${quoted(l)}`,
  "room.deleted": (l) => `moved the room ${quoted(l)} to the Trash`,
  "room.restored": (l) => `restored the room ${quoted(l)} from the Trash`,
  "room.purged": (l, d) => `deleted the room ${quoted(l)} for good${afterTrash(d)}`,
  "room.document_added": (l, d) => `added ${documentOf(d)} to the room ${quoted(l)}`,
  "room.document_removed": (l, d) => `removed ${documentOf(d)} from the room ${quoted(l)}`,
  "room.document_moved": (l, d) => `moved ${documentOf(d)} in the room ${quoted(l)}`,
  "room.folders_changed": (l, d) => {
    const folder = quoted((d.folder as { name?: string } | undefined)?.name ?? "");
    if (d.change === "created") return `added the folder ${folder} to the room ${quoted(l)}`;
    if (d.change === "deleted") return `deleted the folder ${folder} of the room ${quoted(l)}, keeping what it held`;
    return `changed the folder ${folder} of the room ${quoted(l)}`;
  },
  "room.link_created": (l, d) => `created the link ${roomLinkOf(d)} of the room ${quoted(l)}`,
  "room.link_updated": (l, d) => `changed the link ${roomLinkOf(d)} of the room ${quoted(l)}`,
  "room.link_deleted": (l, d) => `deleted the link ${roomLinkOf(d)} of the room ${quoted(l)}`,
  "room.group_created": (l, d) => `added the group ${groupOf(d)} to the room ${quoted(l)}`,
  "room.group_updated": (l, d) => `changed what the group ${groupOf(d)} of the room ${quoted(l)} sees`,
  "room.group_deleted": (l, d) => `deleted the group ${groupOf(d)} of the room ${quoted(l)} and its links`,
  "api_key.created": (l) => `created the API key ${quoted(l)}`,
  "api_key.revoked": (l) => `revoked the API key ${quoted(l)}`,
  "webhook.saved": (l, d) => (d.created ? `added the webhook ${l}` : `saved the webhook ${l}`),
  "webhook.enabled": (l) => `re-enabled the webhook ${l}`,
  "webhook.deleted": (l) => `deleted the webhook ${l}`,
  "webhook.tested": (l) => `sent a test event to ${l}`,
  "webhook.disabled": (l, d) => `disabled the webhook ${l}${whyDisabled(d)}`,
  "member.invited": (l, d) => `invited ${l} as ${value(d.role)}`,
  "member.joined": (_l, d) => `joined the team as ${value(d.role)}`,
  "member.role_changed": (l) => `changed the role of ${l}`,
  "member.removed": (l) => `removed ${l} from the team`,
  "member.left": () => "left the team",
  "invitation.revoked": (l) => `revoked the invitation for ${l}`,
  "team.renamed": () => "renamed the team",
  "team.ownership_transferred": (_l, d) => `transferred the team's ownership to ${value((d.to as { email?: string } | undefined)?.email)}`,
  "team.branding_changed": () => "changed the team's branding",
  "team.versions_kept_changed": (_l, d) =>
    d.to === null ? "kept every version of the team's documents" : `kept the last ${value(d.to)} versions of the team's documents`,
  "notification_preferences.changed": () => "changed their notification preferences",
};

/** Why a webhook was disabled, as its entry's details record it (lib/teams/disable-team-webhook.ts). */
function whyDisabled(details: Record<string, unknown>): string {
  if (details.reason === "account_claimed") return " on confirming their address for the first time";
  const setter = (details.url_set_by as { email?: string } | undefined)?.email;
  return details.reason === "url_setter_left" && setter ? ` set by ${setter}, no longer an admin` : "";
}

/** The sweep's purges say how long the Trash kept what they deleted; an admin's "Delete forever" says nothing more. */
const afterTrash = (details: Record<string, unknown>) =>
  typeof details.trash_days === "number" ? `, ${details.trash_days} days after it was put in the Trash` : "";

/** The document an entry about a room names, quoted. */
const roomLinkOf = (details: Record<string, unknown>) => quoted((details.link as { name?: string } | undefined)?.name ?? "");

const groupOf = (details: Record<string, unknown>) => quoted((details.group as { name?: string } | undefined)?.name ?? "");

const documentOf = (details: Record<string, unknown>) =>
  quoted((details.document as { title?: string } | undefined)?.title ?? "a document");

function ofDocument(details: Record<string, unknown>): string {
  const title = (details.document as { title?: string } | undefined)?.title;
  return title ? ` of ${quoted(title)}` : "";
}

/** One entry as a sentence: "Ana Ruiz changed 'Deck Q3': gate page 3 → 2". */
export function describeEntry(entry: Entry): string {
  const details = entry.details ?? {};
  const changes = describeChanges(details);
  const what = PHRASES[entry.action](entry.target.label, details);
  return `${actorName(entry.actor)} ${what}${changes ? `: ${changes}` : ""}`;
}
