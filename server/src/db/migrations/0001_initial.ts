/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on any schema */
import { sql, type Kysely } from 'kysely';
import { columnTypes, lower, withId, withTimestamps } from './helpers';

/** The whole data model of SPEC.md section 3 and PRODUCT.md, with an index for every filter. */
export async function up(db: Kysely<any>): Promise<void> {
  const types = columnTypes(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('employees'))
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('phone', 'text')
      .addColumn('position', 'text', (col) => col.notNull())
      .addColumn('department', 'text', (col) => col.notNull())
      .addColumn('join_date', types.date, (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
      .addColumn('salary_cents', types.bigint, (col) => col.check(sql`salary_cents >= 0`))
      .addColumn('employee_code', 'text', (col) => col.unique())
      .addColumn('employment_type', 'text')
      .addColumn('location', 'text')
      .addColumn('manager_id', 'integer', (col) =>
        col.references('employees.id').onDelete('set null'),
      )
      .addColumn('notes', 'text')
      .addColumn('skills', 'text', (col) => col.notNull().defaultTo('[]')),
  ).execute();
  await db.schema
    .createIndex('employees_name_idx')
    .on('employees')
    .columns(['last_name', 'first_name'])
    .execute();
  await db.schema
    .createIndex('employees_department_idx')
    .on('employees')
    .column('department')
    .execute();
  await db.schema
    .createIndex('employees_position_idx')
    .on('employees')
    .column('position')
    .execute();
  await db.schema.createIndex('employees_status_idx').on('employees').column('status').execute();
  await db.schema
    .createIndex('employees_join_date_idx')
    .on('employees')
    .column('join_date')
    .execute();
  await db.schema
    .createIndex('employees_created_at_idx')
    .on('employees')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('employees_manager_idx')
    .on('employees')
    .column('manager_id')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('firstname', 'text', (col) => col.notNull())
      .addColumn('lastname', 'text', (col) => col.notNull())
      .addColumn('user_type', 'text', (col) =>
        col.notNull().check(sql`user_type in ('admin', 'manager', 'employee')`),
      )
      .addColumn('employee_id', 'integer', (col) =>
        col.unique().references('employees.id').onDelete('set null'),
      )
      .addColumn('password_hash', 'text')
      .addColumn('password_is_temporary', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('google_subject', 'text', (col) => col.unique())
      .addColumn('tokens_valid_after', types.bigint, (col) => col.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('users_user_type_idx').on('users').column('user_type').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('metric_types'))
      .addColumn('metric_name', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('measurement_unit', 'text')
      .addColumn('minimum_value', types.real, (col) => col.check(sql`minimum_value >= 0`))
      .addColumn('maximum_value', types.real, (col) => col.check(sql`maximum_value >= 0`)),
  ).execute();
  await db.schema
    .createIndex('metric_types_name_unique')
    .on('metric_types')
    .unique()
    .expression(lower('metric_name'))
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('performance_metrics'))
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('employees.id').onDelete('cascade'),
      )
      .addColumn('metric_type_id', 'integer', (col) =>
        col.notNull().references('metric_types.id').onDelete('restrict'),
      )
      .addColumn('value_hundredths', 'integer', (col) =>
        col.notNull().check(sql`value_hundredths between 100 and 10000`),
      )
      .addColumn('comment', 'text')
      .addColumn('recorded_by', 'integer', (col) =>
        col.references('users.id').onDelete('set null'),
      ),
  ).execute();
  await db.schema
    .createIndex('performance_metrics_user_created_idx')
    .on('performance_metrics')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('performance_metrics_type_created_idx')
    .on('performance_metrics')
    .columns(['metric_type_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('performance_metrics_created_idx')
    .on('performance_metrics')
    .column('created_at')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('bonuses'))
      .addColumn('employee_id', 'integer', (col) =>
        col.notNull().references('employees.id').onDelete('cascade'),
      )
      .addColumn('bonus_name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('awarded_by', 'integer', (col) => col.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema
    .createIndex('bonuses_employee_created_idx')
    .on('bonuses')
    .columns(['employee_id', 'created_at'])
    .execute();
  await db.schema.createIndex('bonuses_created_idx').on('bonuses').column('created_at').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('questions'))
      .addColumn('employee_id', 'integer', (col) =>
        col.notNull().references('employees.id').onDelete('cascade'),
      )
      .addColumn('question', 'text', (col) => col.notNull())
      .addColumn('response', 'text')
      .addColumn('responded_at', types.timestamp)
      .addColumn('asked_by', 'integer', (col) => col.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema
    .createIndex('questions_employee_created_idx')
    .on('questions')
    .columns(['employee_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('questions_responded_idx')
    .on('questions')
    .columns(['responded_at'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('audit_entries'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('actor_user_id', 'integer')
      .addColumn('actor_email', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('entity_type', 'text')
      .addColumn('entity_id', 'integer')
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text'),
  ).execute();
  await db.schema
    .createIndex('audit_entries_created_idx')
    .on('audit_entries')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('audit_entries_entity_idx')
    .on('audit_entries')
    .columns(['entity_type', 'entity_id'])
    .execute();

  await db.schema
    .createTable('employee_scores')
    .addColumn('employee_id', 'integer', (col) =>
      col.primaryKey().references('employees.id').onDelete('cascade'),
    )
    .addColumn('metric_count', 'integer', (col) => col.notNull())
    .addColumn('value_sum_hundredths', types.bigint, (col) => col.notNull())
    .addColumn('average_score', types.real, (col) => col.notNull())
    .addColumn('updated_at', types.timestamp, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('employee_scores_rank_idx')
    .on('employee_scores')
    .expression(sql`average_score desc, metric_count desc, employee_id`)
    .execute();

  await db.schema
    .createTable('employee_monthly_scores')
    .addColumn('employee_id', 'integer', (col) =>
      col.notNull().references('employees.id').onDelete('cascade'),
    )
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('metric_count', 'integer', (col) => col.notNull())
    .addColumn('value_sum_hundredths', types.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('employee_monthly_scores_pk', ['employee_id', 'month'])
    .execute();

  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('throttle_key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', types.bigint, (col) => col.notNull())
    .addColumn('locked_until', types.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sign_in_throttle',
    'employee_monthly_scores',
    'employee_scores',
    'audit_entries',
    'questions',
    'bonuses',
    'performance_metrics',
    'metric_types',
    'users',
    'employees',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
