import type { Kysely } from 'kysely';
import type { AuditEntry, AuditList, AuditQuery, AuditSnapshot } from '#contract/audit';
import type { AuditEntryRow, DB } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { toIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import {
  countAuditEntries,
  findAuditEntry,
  listAuditEntries,
  listNewestAuditEntries,
} from './audit.repository';

/** The stored JSON text back as an object; anything that is not one is wrapped, never lost. */
function parseSnapshot(json: string | null): AuditSnapshot {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { value: json };
  }
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/** One row as the API answers it: the same on SQLite and PostgreSQL. */
export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    actor: {
      user_id: row.actor_user_id === null ? null : Number(row.actor_user_id),
      email: row.actor_email,
    },
    ip_address: row.ip_address,
    entity_type: row.entity_type,
    entity_id: row.entity_id === null ? null : Number(row.entity_id),
    before: parseSnapshot(row.before_json),
    after: parseSnapshot(row.after_json),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export async function listAuditTrails(db: Kysely<DB>, query: AuditQuery): Promise<AuditList> {
  const filter = { search: query.search };
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const pagination = (total: number) => ({ page: query.page, limit: query.limit, total });
  if (!filter.search) {
    const { rows, total } = await listNewestAuditEntries(db, page);
    return { audit_trails: rows.map(toAuditEntry), pagination: pagination(total) };
  }
  // SQLite runs one query at a time anyway, and the count tells it how best to find the page.
  const [rows, total] = isPostgres(db)
    ? await Promise.all([listAuditEntries(db, filter, page), countAuditEntries(db, filter)])
    : await countAuditEntries(db, filter).then(
        async (count) => [await listAuditEntries(db, filter, page, count), count] as const,
      );
  return {
    audit_trails: rows.map(toAuditEntry),
    pagination: pagination(total),
  };
}

export async function getAuditTrail(db: Kysely<DB>, id: number): Promise<AuditEntry> {
  const row = await findAuditEntry(db, id);
  if (!row) throw notFound('Audit entry');
  return toAuditEntry(row);
}
