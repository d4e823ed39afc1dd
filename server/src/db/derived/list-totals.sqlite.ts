import { trigger } from './declaration';

/**
 * The SQLite half of list-totals.ts's declaration: a row trigger per change of a counted table,
 * one upsert each (SQLite has no statement triggers and one writer at a time).
 */
export const listTotalsSqliteChange = [
  trigger(
    'audit_entries',
    'list_totals_audit_delete',
    `
  CREATE TRIGGER list_totals_audit_delete after delete on audit_entries begin
      insert into list_totals (name, value) values ('audit_entries', -1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'audit_entries',
    'list_totals_audit_insert',
    `
  CREATE TRIGGER list_totals_audit_insert after insert on audit_entries begin
      insert into list_totals (name, value) values ('audit_entries', 1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_delete',
    `
  CREATE TRIGGER list_totals_values_delete after delete on performance_metrics begin
      insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_insert',
    `
  CREATE TRIGGER list_totals_values_insert after insert on performance_metrics begin
      insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'performance_metrics',
    'list_totals_values_type',
    `
  CREATE TRIGGER list_totals_values_type after update of metric_type_id on performance_metrics
    when new.metric_type_id is not old.metric_type_id begin
      insert into list_totals (name, value) values ('metric_values:type:' || old.metric_type_id, -1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('metric_values:type:' || new.metric_type_id, 1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'questions',
    'list_totals_questions_answered',
    `
  CREATE TRIGGER list_totals_questions_answered after update of responded_at on questions
    when (new.responded_at is null) is not (old.responded_at is null) begin
      insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null) - (old.responded_at is not null))
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'questions',
    'list_totals_questions_delete',
    `
  CREATE TRIGGER list_totals_questions_delete after delete on questions begin
      insert into list_totals (name, value) values ('questions', -1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('questions:answered', -(old.responded_at is not null))
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'questions',
    'list_totals_questions_insert',
    `
  CREATE TRIGGER list_totals_questions_insert after insert on questions begin
      insert into list_totals (name, value) values ('questions', 1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('questions:answered', (new.responded_at is not null))
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'users',
    'list_totals_users_delete',
    `
  CREATE TRIGGER list_totals_users_delete after delete on users begin
      insert into list_totals (name, value) values ('users', -1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('users:' || old.user_type, -1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'users',
    'list_totals_users_insert',
    `
  CREATE TRIGGER list_totals_users_insert after insert on users begin
      insert into list_totals (name, value) values ('users', 1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('users:' || new.user_type, 1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
  trigger(
    'users',
    'list_totals_users_role',
    `
  CREATE TRIGGER list_totals_users_role after update of user_type on users
    when new.user_type is not old.user_type begin
      insert into list_totals (name, value) values ('users:' || old.user_type, -1)
    on conflict (name) do update set value = value + excluded.value;
      insert into list_totals (name, value) values ('users:' || new.user_type, 1)
    on conflict (name) do update set value = value + excluded.value;
    end`,
  ),
];
