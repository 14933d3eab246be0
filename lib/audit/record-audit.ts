import type { Tx } from "../db/client";
import type { AuditAction, AuditTargetType } from "../schemas/audit";
import { now } from "../time";

/**
 * Who acts, as an entry names them: the team, the member (null for an operator's command on the
 * server), and how their request came: the API key (null from the dashboard) and the client
 * address. Every HTTP adapter gives both (`TeamAccess` requires them); only commands omit them.
 */
export type AuditActor = { teamId: string; userId: string | null; apiKeyId?: string | null; address?: string | null };

/** An action on its kind of target (`document.updated` is about a `document`). */
type TargetOf<A extends AuditAction> = A extends `${infer T extends AuditTargetType}.${string}` ? T : never;

export type AuditChange<A extends AuditAction = AuditAction> = {
  action: A;
  /** The target's public id (a document's `s-<code>`, a member's user id) and its title, name or email now. */
  target: { id: string; label: string };
  details?: Record<string, unknown>;
};

/** A field's value before and after, as `details.changes` holds them. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs, each as { from, to }; null when nothing changed. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges | null {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from: from ?? null, to };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Writes one audit entry in `tx`, the transaction of the change it records, so an entry exists
 * exactly when its change committed. The actor's email, name and key name are copied as they are
 * now (one statement), so the entry keeps naming them after their account or key is gone.
 */
export async function recordAudit<A extends AuditAction>(tx: Tx, actor: AuditActor, change: AuditChange<A>): Promise<void> {
  const targetType = change.action.slice(0, change.action.indexOf(".")) as TargetOf<A>;
  const details = JSON.stringify(change.details ?? {});
  await tx.$executeRaw`
    INSERT INTO audit_log (team_id, actor_user_id, actor_email, actor_name, actor_api_key_id, actor_api_key_name,
                           actor_address, action, target_type, target_id, target_label, details, created_at)
    SELECT ${actor.teamId}::uuid, ${actor.userId}::uuid, u.email, u.name, ${actor.apiKeyId ?? null}::uuid, k.name,
           ${actor.address ?? null}, ${change.action}, ${targetType}, ${change.target.id}, ${change.target.label.slice(0, 300)},
           ${details}::jsonb, ${now()}
    FROM (SELECT 1) AS one
    LEFT JOIN users u ON u.id = ${actor.userId}::uuid
    LEFT JOIN api_keys k ON k.id = ${actor.apiKeyId ?? null}::uuid`;
}
