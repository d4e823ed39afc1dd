/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * The staff list at 10,000 people (issue 3).
 *
 * - `search_text`: name, email, position and employee code, lower-cased, kept by the database
 *   itself (a generated column), so a search is one plain LIKE per row. Folding case row by row
 *   (ILIKE or lower() at query time) made a PostgreSQL search five times slower.
 * - The list sorts names ignoring case; the plain name index cannot serve that, these can, on
 *   both engines (the trailing id makes the order total, as the query asks). The department one
 *   also answers "one department, by name" without sorting.
 */
const SEARCH_TEXT = sql`lower(first_name || ' ' || last_name || '
' || email || '
' || position || '
' || coalesce(employee_code, ''))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('employees')
    .addColumn('search_text', 'text', (col) => {
      const generated = col.generatedAlwaysAs(SEARCH_TEXT);
      // SQLite can add only a virtual generated column to an existing table.
      return isPostgres(db) ? generated.stored() : generated;
    })
    .execute();
  await db.schema
    .createIndex('employees_last_first_ci_idx')
    .on('employees')
    .expression(sql`lower(last_name), lower(first_name), id`)
    .execute();
  await db.schema
    .createIndex('employees_first_last_ci_idx')
    .on('employees')
    .expression(sql`lower(first_name), lower(last_name), id`)
    .execute();
  await db.schema
    .createIndex('employees_department_name_ci_idx')
    .on('employees')
    .expression(sql`department, lower(last_name), lower(first_name), id`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'employees_department_name_ci_idx',
    'employees_first_last_ci_idx',
    'employees_last_first_ci_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('employees').dropColumn('search_text').execute();
}
