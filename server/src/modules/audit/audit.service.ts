import type { Kysely } from 'kysely';
import type { AuditEntry, AuditList, AuditQuery, AuditSnapshot } from '#contract/audit';
import type { AuditEntryRow, DB } from '../../db/schema';
import { toIso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import {
  itemKey,
  pageThrough,
  rememberedItemsPerDatabase,
  type PageKeys,
} from '../../lib/remembered-items';
import { listNewestAuditEntries, listNewestAuditEntryKeys } from './audit-newest.repository';
import { findAuditEntry, searchAuditEntries } from './audit.repository';

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

/**
 * The entries this instance has answered, by id: an entry never changes once written (nothing
 * updates the table, and ids are never used again), so its id is its whole key. A page reads
 * its ids, and reads its rows only for an entry not kept (lib/remembered-items.ts).
 */
const rememberedEntries = rememberedItemsPerDatabase<AuditEntry>(5_000);
const rememberedEntry = (row: AuditEntryRow) => ({
  key: itemKey(Number(row.id), 0, null),
  item: () => toAuditEntry(row),
});

function entriesOf(db: Kysely<DB>, keys: PageKeys, readRows: () => Promise<AuditEntryRow[]>) {
  return pageThrough(rememberedEntries(db), keys, readRows, rememberedEntry);
}

/** `dataVersion`: the guard's, under which a search's count is remembered. */
export async function listAuditTrails(
  db: Kysely<DB>,
  query: AuditQuery,
  dataVersion: number | null = null,
): Promise<AuditList> {
  const filter = { search: query.search };
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const pagination = (total: number) => ({ page: query.page, limit: query.limit, total });
  if (!filter.search) {
    const { keys, total } = await listNewestAuditEntryKeys(db, page);
    const entries = await entriesOf(
      db,
      keys,
      async () => (await listNewestAuditEntries(db, page)).rows,
    );
    return { audit_trails: entries, pagination: pagination(total) };
  }
  const search = { search: filter.search };
  const { keys, total, rows } = await searchAuditEntries(db, search, page, dataVersion);
  return { audit_trails: await entriesOf(db, keys, rows), pagination: pagination(total) };
}

export async function getAuditTrail(db: Kysely<DB>, id: number): Promise<AuditEntry> {
  const row = await findAuditEntry(db, id);
  if (!row) throw notFound('Audit entry');
  return toAuditEntry(row);
}
