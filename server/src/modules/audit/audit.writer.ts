import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { Actor } from '../../lib/route';

export interface AuditRecord {
  /** A short name people search by, such as "Bonus Assignment" or "User Login". */
  name: string;
  /** A sentence naming the people involved. */
  description: string;
  entityType?: string;
  entityId?: number | null;
  before?: unknown;
  after?: unknown;
}

// Defence in depth: secrets never reach the audit trail even if a caller passes a raw row.
const SECRET_KEYS = new Set(['password', 'password_hash', 'oldPassword', 'newPassword', 'token']);

function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, inner: unknown) => (SECRET_KEYS.has(key) ? undefined : inner));
}

/** The row one audit entry is stored as, written now. */
export function auditRow(actor: Actor, record: AuditRecord) {
  const now = nowIso();
  return {
    name: record.name,
    description: record.description,
    actor_user_id: actor.userId,
    actor_email: actor.email,
    ip_address: actor.ip,
    entity_type: record.entityType ?? null,
    entity_id: record.entityId ?? null,
    before_json: snapshot(record.before),
    after_json: snapshot(record.after),
    created_at: now,
    updated_at: now,
  };
}

/**
 * Appends one audit entry. Call it with the transaction that makes the change, so the entry
 * exists exactly when the change does. Entries are never updated or deleted.
 */
export async function writeAudit(db: Kysely<DB>, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insertInto('audit_entries').values(auditRow(actor, record)).execute();
}
