import type { Kysely } from 'kysely';
import type { AuditEntry } from '#contract/audit';
import type { DB } from '../../src/db/schema';
import { nowIso } from '../../src/lib/clock';
import {
  auditEntriesAfter,
  countAuditEntries,
  latestAuditEntryId,
} from '../../src/modules/audit/audit.repository';
import { toAuditEntry } from '../../src/modules/audit/audit.service';

/**
 * Helpers for tests that check what the audit trail recorded. The "every write leaves exactly one
 * entry" test can wrap each call:
 *
 *   const { result, entries } = await auditedBy(ctx().db, () => ctx().call('POST', ...));
 *   expect(entries).toHaveLength(1);
 *
 * Entries come back in the API's shape (actor, before and after parsed), oldest first.
 */
export async function auditedBy<T>(
  db: Kysely<DB>,
  action: () => Promise<T>,
): Promise<{ result: T; entries: AuditEntry[] }> {
  const before = await latestAuditEntryId(db);
  const result = await action();
  const entries = (await auditEntriesAfter(db, before)).map(toAuditEntry);
  return { result, entries };
}

/** How many entries exist (optionally matching a search as the API does). */
export function auditEntryCount(db: Kysely<DB>, search?: string): Promise<number> {
  return countAuditEntries(db, { search });
}

/** Appends an entry directly, for tests that need known entries to list and search. */
export async function insertAuditEntry(
  db: Kysely<DB>,
  values: {
    name: string;
    description: string;
    actorUserId?: number | null;
    actorEmail?: string | null;
    ip?: string | null;
    entityType?: string | null;
    entityId?: number | null;
    before?: unknown;
    after?: unknown;
    createdAt?: string;
  },
): Promise<number> {
  const at = values.createdAt ?? nowIso();
  const row = await db
    .insertInto('audit_entries')
    .values({
      name: values.name,
      description: values.description,
      actor_user_id: values.actorUserId ?? null,
      actor_email: values.actorEmail ?? null,
      ip_address: values.ip ?? null,
      entity_type: values.entityType ?? null,
      entity_id: values.entityId ?? null,
      before_json: values.before === undefined ? null : JSON.stringify(values.before),
      after_json: values.after === undefined ? null : JSON.stringify(values.after),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
