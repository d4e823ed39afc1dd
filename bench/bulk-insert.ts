import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../server/src/db/dialect';
import type { DB } from '../server/src/db/schema';

/**
 * Bulk loading for the benchmark data (bench/generate.ts): rows as arrays in a table's column
 * order, inserted in large batches. PostgreSQL gets column arrays through `unnest` (one
 * statement per batch), SQLite multi-row inserts.
 */

/** Rows a batch holds on PostgreSQL, and how many the generator keeps in memory at once. */
export const BULK_BATCH = 20_000;

type Column = { name: string; pgType: 'int4' | 'int8' | 'text' | 'timestamptz' | 'date' };

/** The columns the generator fills, per table, in the order of its row arrays. */
export const COLUMNS = {
  metric_types: [
    { name: 'metric_name', pgType: 'text' },
    { name: 'description', pgType: 'text' },
    { name: 'measurement_unit', pgType: 'text' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  employees: [
    { name: 'first_name', pgType: 'text' },
    { name: 'last_name', pgType: 'text' },
    { name: 'email', pgType: 'text' },
    { name: 'position', pgType: 'text' },
    { name: 'department', pgType: 'text' },
    { name: 'join_date', pgType: 'date' },
    { name: 'salary_cents', pgType: 'int8' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  performance_metrics: [
    { name: 'user_id', pgType: 'int4' },
    { name: 'metric_type_id', pgType: 'int4' },
    { name: 'value_hundredths', pgType: 'int4' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  bonuses: [
    { name: 'employee_id', pgType: 'int4' },
    { name: 'bonus_name', pgType: 'text' },
    { name: 'description', pgType: 'text' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  users: [
    { name: 'email', pgType: 'text' },
    { name: 'firstname', pgType: 'text' },
    { name: 'lastname', pgType: 'text' },
    { name: 'user_type', pgType: 'text' },
    { name: 'employee_id', pgType: 'int4' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  questions: [
    { name: 'employee_id', pgType: 'int4' },
    { name: 'question', pgType: 'text' },
    { name: 'response', pgType: 'text' },
    { name: 'responded_at', pgType: 'timestamptz' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
  audit_entries: [
    { name: 'name', pgType: 'text' },
    { name: 'description', pgType: 'text' },
    { name: 'actor_email', pgType: 'text' },
    { name: 'ip_address', pgType: 'text' },
    { name: 'entity_type', pgType: 'text' },
    { name: 'entity_id', pgType: 'int4' },
    { name: 'after_json', pgType: 'text' },
    { name: 'created_at', pgType: 'timestamptz' },
    { name: 'updated_at', pgType: 'timestamptz' },
  ],
} satisfies Partial<Record<keyof DB, Column[]>>;

/** Inserts `rows` (arrays in `columns` order) into `table`, in batches. */
export async function bulkInsert(
  db: Kysely<DB>,
  table: keyof DB & string,
  columns: Column[],
  rows: unknown[][],
): Promise<void> {
  const postgres = isPostgres(db);
  // SQLite allows 32,766 parameters a statement.
  const batch = postgres ? BULK_BATCH : Math.floor(32_000 / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const names = sql.join(columns.map((c) => sql.ref(c.name)));
    if (postgres) {
      const arrays = columns.map(
        (column, i) => sql`cast(${chunk.map((row) => row[i])} as ${sql.raw(column.pgType)}[])`,
      );
      await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(
        db,
      );
    } else {
      const tuples = chunk.map((row) => sql`(${sql.join(row)})`);
      await sql`insert into ${sql.table(table)} (${names}) values ${sql.join(tuples)}`.execute(db);
    }
  }
}
