import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/route';
import { writeAudit } from '../audit/audit.writer';

/**
 * "Data Export" entries: personal data leaving the system (staff records with salaries, values
 * and bonuses with emails, the audit trail) is recorded with who, when, from where and with
 * which filters, before the first byte goes out. Rankings, which every signed-in person may
 * read on screen, are not recorded.
 */

function describeFilters(query: Record<string, unknown>): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(
      ([name, value]) =>
        `${name}=${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    );
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export function recordExport(
  db: Kysely<DB>,
  actor: Actor,
  what: { title: string; entityType: string; query: Record<string, unknown> },
): Promise<void> {
  return writeAudit(db, actor, {
    name: 'Data Export',
    description: `${actor.email ?? 'Someone'} exported ${what.title} as CSV${describeFilters(what.query)}`,
    entityType: what.entityType,
  });
}
