/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * PostgreSQL: the audit search's own narrow table, `audit_entries_search` (the name of SQLite's
 * of 0009 is `audit_entries_text`; this one is not a trigram table): each entry's name and
 * description, lower-cased once when written, with its time, in the trail's order by an index.
 *
 * Why: a search for a common term walks the newest entries and tests each (audit.repository.ts).
 * From the entries themselves that meant lower() of both texts of every entry walked and its
 * wide row (with its before and after JSON): 382 entries walked for 50 matching "bonus", 0.24 ms
 * of the database a page (pgbench, one client). From this table, 0.09.
 *
 * Statement triggers with the rows each statement wrote follow every insert, update and delete
 * of the entries, as 0007's totals do: one statement more for the many entries a write appends.
 */

const LOWERED = 'id, created_at, lower(name), lower(description)';

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    `create table audit_entries_search (id integer primary key,
       created_at timestamptz not null, name text not null, description text not null)`,
    `insert into audit_entries_search select ${LOWERED} from audit_entries order by created_at, id`,
    'create index audit_entries_search_created_idx on audit_entries_search (created_at, id)',
    `create function audit_entries_search_write() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         delete from audit_entries_search where id in (select id from old_rows);
       end if;
       if tg_op <> 'DELETE' then
         insert into audit_entries_search select ${LOWERED} from new_rows;
       end if;
       return null;
     end $$`,
    // A truncate has no rows to follow: the table is emptied too.
    `create function audit_entries_search_clear() returns trigger language plpgsql as $$
     begin truncate audit_entries_search; return null; end $$`,
    `create trigger audit_entries_search_insert after insert on audit_entries
       referencing new table as new_rows
       for each statement execute function audit_entries_search_write()`,
    `create trigger audit_entries_search_update after update on audit_entries
       referencing old table as old_rows new table as new_rows
       for each statement execute function audit_entries_search_write()`,
    `create trigger audit_entries_search_delete after delete on audit_entries
       referencing old table as old_rows
       for each statement execute function audit_entries_search_write()`,
    `create trigger audit_entries_search_truncate after truncate on audit_entries
       for each statement execute function audit_entries_search_clear()`,
    'analyze audit_entries_search',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const trigger of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger audit_entries_search_${trigger} on audit_entries`).execute(db);
  }
  await sql`drop function audit_entries_search_write()`.execute(db);
  await sql`drop function audit_entries_search_clear()`.execute(db);
  await sql`drop table audit_entries_search`.execute(db);
}
