import { paginationQuery, paginationSchema, periodQuery } from "./common";
import { z } from "./zod";

/** Every change the audit log records, by what it changed (the part before the dot). */
export const AUDIT_ACTIONS = [
  "document.created",
  "document.updated",
  "document.deleted",
  "document.restored",
  "document.purged",
  "document.version_uploaded",
  "document.version_restored",
  "link.created",
  "link.updated",
  "link.deleted",
  "room.created",
  "room.updated",
  "room.deleted",
  "room.restored",
  "room.purged",
  "room.document_added",
  "room.document_removed",
  "room.document_moved",
  "room.folders_changed",
  "room.link_created",
  "room.link_updated",
  "room.link_deleted",
  "room.group_created",
  "room.group_updated",
  "room.group_deleted",
  "api_key.created",
  "api_key.revoked",
  "webhook.saved",
  "webhook.enabled",
  "webhook.deleted",
  "webhook.tested",
  "webhook.disabled",
  "member.invited",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.left",
  "invitation.revoked",
  "team.renamed",
  "team.ownership_transferred",
  "team.branding_changed",
  "team.versions_kept_changed",
  "notification_preferences.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; an action's first part. */
export const AUDIT_TARGET_TYPES = [
  "document",
  "link",
  "room",
  "api_key",
  "webhook",
  "member",
  "invitation",
  "team",
  "notification_preferences",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** An action (`document.updated`) or every action of one kind (`document`). */
const actionParam = z
  .enum([...AUDIT_ACTIONS, ...AUDIT_TARGET_TYPES], {
    error: (issue) => `action must be an audit action (document.updated) or a kind of them (document); got "${String(issue.input)}"`,
  })
  .optional()
  .openapi({
    param: {
      name: "action",
      in: "query",
      description: "One action (`document.updated`), or every action on one kind of target (`document`)",
    },
  });

const actorParam = z
  .uuid({ error: "actor must be a member's user_id (a UUID)" })
  .optional()
  .openapi({ param: { name: "actor", in: "query", description: "Only what this member did (their user_id), by key or dashboard" } });

const targetParam = z
  .string()
  .max(200, "target must be at most 200 characters")
  .optional()
  .openapi({
    param: {
      name: "target",
      in: "query",
      description:
        "Only entries about this target: a document's or link's short code (`s-<code>` or `<code>`), or a room's, key's, member's, invitation's or webhook's id",
    },
  });

export const auditLogQuery = z
  .object({ ...paginationQuery.shape, ...periodQuery.shape, action: actionParam, actor: actorParam, target: targetParam })
  .refine((q) => !q.since || !q.until || q.since < q.until, { message: "since must not be after until" });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z
      .object({
        type: z.enum(["member", "api_key", "operator"]).openapi({
          description: "`member` from the dashboard, `api_key` through the API, `operator` for a command run on the server",
        }),
        user_id: z.uuid().nullable(),
        email: z.string().nullable().openapi({ description: "As it was when they acted" }),
        name: z.string().nullable(),
        api_key_id: z.uuid().optional(),
        api_key_name: z.string().optional(),
      })
      .openapi({ description: "Who acted: the member, and the key they made when it came through the API" }),
    address: z.string().nullable().openapi({ description: "The request's client address (an IPv6 client's /64); null for a command" }),
    target: z.object({
      type: z.enum(AUDIT_TARGET_TYPES),
      id: z.string(),
      label: z.string().openapi({ description: "Its title, name or email when it happened" }),
    }),
    details: z.record(z.string(), z.unknown()).openapi({
      description: "What changed: `changes` as { field: { from, to } } for updates; the role, the key's name…",
    }),
    created_at: z.string(),
  })
  .openapi("AuditEntry");

export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema }).openapi("AuditLog");
