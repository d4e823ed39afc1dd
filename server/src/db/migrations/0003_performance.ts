/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './helpers';

/**
 * Score totals per employee and metric type, kept current with every metric value write like
 * employee_scores. A type's value count (the total of a type-filtered list) is then a sum over at
 * most one row per employee instead of a count over every value of the type, and per-type
 * averages need no scan. Rows go with their employee (cascade), so deleting an employee keeps
 * the totals true without the deleting code knowing about them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('employee_metric_type_scores')
    .addColumn('employee_id', 'integer', (col) =>
      col.notNull().references('employees.id').onDelete('cascade'),
    )
    .addColumn('metric_type_id', 'integer', (col) =>
      col.notNull().references('metric_types.id').onDelete('cascade'),
    )
    .addColumn('metric_count', 'integer', (col) => col.notNull())
    .addColumn('value_sum_hundredths', types.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('employee_metric_type_scores_pk', ['employee_id', 'metric_type_id'])
    .execute();
  await db.schema
    .createIndex('employee_metric_type_scores_type_idx')
    .on('employee_metric_type_scores')
    .columns(['metric_type_id', 'metric_count'])
    .execute();

  // Values recorded before this migration.
  await sql`
    insert into employee_metric_type_scores
      (employee_id, metric_type_id, metric_count, value_sum_hundredths)
    select user_id, metric_type_id, count(*), sum(value_hundredths)
    from performance_metrics
    group by user_id, metric_type_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('employee_metric_type_scores').execute();
}
