/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { columnTypes, isPostgres } from './helpers';

/**
 * The totals that list pages show (`pagination.total`), kept by triggers like those of 0004, so
 * a page never counts a whole table: COUNT(*) over 200,000 audit entries took 18 ms on
 * PostgreSQL and 100,000 bonuses 5 ms, for every page of 50 rows. One row per total:
 *
 * - `audit_entries`: every entry (nothing deletes them, but a delete would count);
 * - `users` and `users:<user_type>`: accounts, and accounts per role (the role filter);
 * - `questions` and `questions:answered`: HR's list shows answered ones by default, pending
 *   ones are the difference;
 * - `metric_values:type:<metric_type_id>`: metric values per type (the type filter).
 *
 * Searches still count the rows they match.
 *
 * And `data_version`, which moves with every write to a table the API reads (base tables and the
 * score tables), whoever writes it: a signed-in GET answer computed at one version can be sent
 * again to the same caller until the next (plugins/response-cache.ts).
 *
 * On PostgreSQL each trigger that changes a row here first takes the advisory lock of 0004, so
 * all writers of maintained totals queue in one order; and, as 0006 does for the insight tables,
 * every statement writing a versioned table takes that lock before it locks any row.
 */

/** pg_advisory_xact_lock key of the maintained totals (the same as 0004_insights). */
const LOCK_KEY = 7_341_002;
const USER_TYPES = ['admin', 'manager', 'employee'];
/** Every table whose rows some API answer shows, directly or through a maintained total. */
const VERSIONED_TABLES = [
  'users',
  'employees',
  'metric_types',
  'performance_metrics',
  'bonuses',
  'questions',
  'audit_entries',
  'employee_scores',
  'employee_monthly_scores',
  'employee_metric_type_scores',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_totals')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', columnTypes(db).bigint, (col) => col.notNull())
    .execute();
  await seedFromExistingData(db);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function seedFromExistingData(db: Kysely<any>): Promise<void> {
  await sql`insert into list_totals (name, value)
    select 'audit_entries', count(*) from audit_entries
    union all select 'users', count(*) from users
    union all select 'questions', count(*) from questions
    union all select 'questions:answered', count(*) from questions where responded_at is not null
    union all select 'metric_values:type:' || metric_type_id, count(*) from performance_metrics
      group by metric_type_id`.execute(db);
  for (const type of USER_TYPES) {
    await sql`insert into list_totals (name, value)
      select ${`users:${type}`}, count(*) from users where user_type = ${type}`.execute(db);
  }
  await sql`insert into list_totals (name, value) values ('data_version', 0)`.execute(db);
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (name: string, delta: string) =>
    `insert into list_totals (name, value) values (${name}, ${delta})
     on conflict (name) do update set value = value + excluded.value;`;
  const typeTotal = (row: 'new' | 'old') => `'metric_values:type:' || ${row}.metric_type_id`;
  const statements = [
    `create trigger list_totals_audit_insert after insert on audit_entries begin
       ${add(`'audit_entries'`, '1')}
     end`,
    `create trigger list_totals_audit_delete after delete on audit_entries begin
       ${add(`'audit_entries'`, '-1')}
     end`,
    `create trigger list_totals_users_insert after insert on users begin
       ${add(`'users'`, '1')}
       ${add(`'users:' || new.user_type`, '1')}
     end`,
    `create trigger list_totals_users_delete after delete on users begin
       ${add(`'users'`, '-1')}
       ${add(`'users:' || old.user_type`, '-1')}
     end`,
    `create trigger list_totals_users_role after update of user_type on users
     when new.user_type is not old.user_type begin
       ${add(`'users:' || old.user_type`, '-1')}
       ${add(`'users:' || new.user_type`, '1')}
     end`,
    `create trigger list_totals_questions_insert after insert on questions begin
       ${add(`'questions'`, '1')}
       ${add(`'questions:answered'`, '(new.responded_at is not null)')}
     end`,
    `create trigger list_totals_questions_delete after delete on questions begin
       ${add(`'questions'`, '-1')}
       ${add(`'questions:answered'`, '-(old.responded_at is not null)')}
     end`,
    `create trigger list_totals_questions_answered after update of responded_at on questions
     when (new.responded_at is null) is not (old.responded_at is null) begin
       ${add(`'questions:answered'`, '(new.responded_at is not null) - (old.responded_at is not null)')}
     end`,
    `create trigger list_totals_values_insert after insert on performance_metrics begin
       ${add(typeTotal('new'), '1')}
     end`,
    `create trigger list_totals_values_delete after delete on performance_metrics begin
       ${add(typeTotal('old'), '-1')}
     end`,
    `create trigger list_totals_values_type after update of metric_type_id on performance_metrics
     when new.metric_type_id is not old.metric_type_id begin
       ${add(typeTotal('old'), '-1')}
       ${add(typeTotal('new'), '1')}
     end`,
    ...VERSIONED_TABLES.flatMap((table) =>
      ['insert', 'update', 'delete'].map(
        (event) => `create trigger data_version_${table}_${event} after ${event} on ${table} begin
           update list_totals set value = value + 1 where name = 'data_version';
         end`,
      ),
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Statement-level functions over the transition tables (a bulk insert is one update, not one per
 * row): each sums what the statement added (+1) and removed (-1) per total and touches only the
 * totals that moved, so an update that moves none (a new password, a fresh updated_at) takes no
 * lock. `totalsOfRow` names the totals one row `r` counts in.
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  const fn = (name: string, totalsOfRow: string) => {
    const side = (rows: 'new_rows' | 'old_rows', sign: number) =>
      `select t.name, ${sign} as sign from ${rows} r cross join lateral (${totalsOfRow}) t(name)`;
    const collect = (changes: string) => `
      select array_agg(name), array_agg(delta) into names, deltas
      from (select name, sum(sign)::bigint as delta from (${changes}) c group by name) d
      where delta <> 0;`;
    return `create function ${name}() returns trigger language plpgsql as $$
      declare names text[]; deltas bigint[];
      begin
        if tg_op = 'INSERT' then ${collect(side('new_rows', 1))}
        elsif tg_op = 'DELETE' then ${collect(side('old_rows', -1))}
        else ${collect(`${side('new_rows', 1)} union all ${side('old_rows', -1)}`)}
        end if;
        if names is not null then
          perform pg_advisory_xact_lock(${LOCK_KEY});
          insert into list_totals as t (name, value)
          select * from unnest(names, deltas)
          on conflict (name) do update set value = t.value + excluded.value;
        end if;
        return null;
      end $$`;
  };
  const statements = [
    fn('list_totals_audit', `select 'audit_entries'`),
    fn('list_totals_users', `values ('users'), ('users:' || r.user_type)`),
    fn(
      'list_totals_questions',
      `select 'questions' union all
       select 'questions:answered' where r.responded_at is not null`,
    ),
    fn('list_totals_values', `select 'metric_values:type:' || r.metric_type_id`),
    `create function data_version_bump() returns trigger language plpgsql as $$
     begin
       perform pg_advisory_xact_lock(${LOCK_KEY});
       update list_totals set value = value + 1 where name = 'data_version';
       return null;
     end $$`,
    ...VERSIONED_TABLES.map(
      (table) => `create trigger data_version_${table}
         after insert or update or delete or truncate on ${table}
         for each statement execute function data_version_bump()`,
    ),
    // Every versioned table now ends its writes by taking the lock, so every one takes it
    // before its first row lock too (0006's function and reasoning, for the tables 0006 left).
    ...LOCK_FIRST_TABLES.map(
      (table) => `create trigger insights_lock_first before insert or update or delete on ${table}
         for each statement execute function insights_lock_first()`,
    ),
  ];
  for (const [table, name] of TRIGGERED_TABLES) {
    statements.push(
      `create trigger ${name}_insert after insert on ${table}
         referencing new table as new_rows for each statement execute function ${name}()`,
      `create trigger ${name}_delete after delete on ${table}
         referencing old table as old_rows for each statement execute function ${name}()`,
      `create trigger ${name}_update after update on ${table}
         referencing old table as old_rows new table as new_rows
         for each statement execute function ${name}()`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The versioned tables 0006_insights_lock_order did not already make take the lock first. */
const LOCK_FIRST_TABLES = ['users', 'metric_types', 'questions', 'audit_entries'];

const TRIGGERED_TABLES = [
  ['audit_entries', 'list_totals_audit'],
  ['users', 'list_totals_users'],
  ['questions', 'list_totals_questions'],
  ['performance_metrics', 'list_totals_values'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table, name] of TRIGGERED_TABLES) {
      for (const event of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${name}_${event} on ${table}`).execute(db);
      }
      await sql.raw(`drop function ${name}()`).execute(db);
    }
    for (const table of VERSIONED_TABLES) {
      await sql.raw(`drop trigger data_version_${table} on ${table}`).execute(db);
    }
    for (const table of LOCK_FIRST_TABLES) {
      await sql.raw(`drop trigger insights_lock_first on ${table}`).execute(db);
    }
    await sql.raw(`drop function data_version_bump()`).execute(db);
  } else {
    for (const table of VERSIONED_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger data_version_${table}_${event}`).execute(db);
      }
    }
    for (const name of [
      'list_totals_audit_insert',
      'list_totals_audit_delete',
      'list_totals_users_insert',
      'list_totals_users_delete',
      'list_totals_users_role',
      'list_totals_questions_insert',
      'list_totals_questions_delete',
      'list_totals_questions_answered',
      'list_totals_values_insert',
      'list_totals_values_delete',
      'list_totals_values_type',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('list_totals').execute();
}
