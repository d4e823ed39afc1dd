import { trigger } from './declaration';

/**
 * The SQLite half of list-totals.ts's declaration: a row trigger per change of a counted table,
 * an upsert per total it moves (SQLite has no statement triggers and one writer at a time).
 */

/** Adds `delta` to the total `name` (both SQL expressions). */
const add = (name: string, delta: string) =>
  `    insert into list_totals (name, value) values (${name}, ${delta})
  on conflict (name) do update set value = value + excluded.value;`;

/** A trigger named `name`, firing `when` (the text after its name), running `adds` in order. */
const counting = (table: string, name: string, when: string, adds: string[]) =>
  trigger(table, name, `CREATE TRIGGER ${name} ${when} begin\n${adds.join('\n')}\n  end`);

export const listTotalsSqliteChange = [
  counting('audit_entries', 'list_totals_audit_delete', 'after delete on audit_entries', [
    add(`'audit_entries'`, '-1'),
  ]),
  counting('audit_entries', 'list_totals_audit_insert', 'after insert on audit_entries', [
    add(`'audit_entries'`, '1'),
  ]),
  counting(
    'performance_metrics',
    'list_totals_values_delete',
    'after delete on performance_metrics',
    [add(`'metric_values:type:' || old.metric_type_id`, '-1')],
  ),
  counting(
    'performance_metrics',
    'list_totals_values_insert',
    'after insert on performance_metrics',
    [add(`'metric_values:type:' || new.metric_type_id`, '1')],
  ),
  counting(
    'performance_metrics',
    'list_totals_values_type',
    `after update of metric_type_id on performance_metrics
  when new.metric_type_id is not old.metric_type_id`,
    [
      add(`'metric_values:type:' || old.metric_type_id`, '-1'),
      add(`'metric_values:type:' || new.metric_type_id`, '1'),
    ],
  ),
  counting(
    'questions',
    'list_totals_questions_answered',
    `after update of responded_at on questions
  when (new.responded_at is null) is not (old.responded_at is null)`,
    [
      add(
        `'questions:answered'`,
        '(new.responded_at is not null) - (old.responded_at is not null)',
      ),
    ],
  ),
  counting('questions', 'list_totals_questions_delete', 'after delete on questions', [
    add(`'questions'`, '-1'),
    add(`'questions:answered'`, '-(old.responded_at is not null)'),
  ]),
  counting('questions', 'list_totals_questions_insert', 'after insert on questions', [
    add(`'questions'`, '1'),
    add(`'questions:answered'`, '(new.responded_at is not null)'),
  ]),
  counting('users', 'list_totals_users_delete', 'after delete on users', [
    add(`'users'`, '-1'),
    add(`'users:' || old.user_type`, '-1'),
  ]),
  counting('users', 'list_totals_users_insert', 'after insert on users', [
    add(`'users'`, '1'),
    add(`'users:' || new.user_type`, '1'),
  ]),
  counting(
    'users',
    'list_totals_users_role',
    `after update of user_type on users
  when new.user_type is not old.user_type`,
    [add(`'users:' || old.user_type`, '-1'), add(`'users:' || new.user_type`, '1')],
  ),
];
