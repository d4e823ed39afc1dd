import { declare, fn, trigger } from './declaration';

const check = `select 'employee_dashboard_versions' as derived_table,
  cast(employee_id as text) as row_key, cast(version as text) as stored,
  'a version of 1 or more' as recomputed
from employee_dashboard_versions where version < 1`;

const bump = ['update employee_dashboard_versions set version = version + 1'];

/**
 * employee_dashboard_versions (migration 0019): a version per employee, moved when their bonuses
 * or monthly scores change, so a remembered dashboard is sent only while it is still true.
 */
export const dashboardVersions = declare({
  name: 'dashboard-versions',
  purpose: "Each caller's remembered dashboard is checked against their version.",
  tables: { sqlite: ['employee_dashboard_versions'], postgres: ['employee_dashboard_versions'] },
  sources: ['bonuses', 'employee_monthly_scores'],
  keptBy: 'the triggers below',
  change: {
    sqlite: [
      trigger(
        'bonuses',
        'dashboard_version_bonuses_delete',
        `
      CREATE TRIGGER dashboard_version_bonuses_delete after delete on bonuses begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
      trigger(
        'bonuses',
        'dashboard_version_bonuses_insert',
        `
      CREATE TRIGGER dashboard_version_bonuses_insert after insert on bonuses begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
      trigger(
        'bonuses',
        'dashboard_version_bonuses_update',
        `
      CREATE TRIGGER dashboard_version_bonuses_update after update on bonuses begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_delete',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_delete after delete on employee_monthly_scores begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select old.employee_id as employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_insert',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_insert after insert on employee_monthly_scores begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select new.employee_id as employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_update',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_update after update on employee_monthly_scores begin
             insert into employee_dashboard_versions (employee_id, version)
        select distinct employee_id, 1 from (select new.employee_id as employee_id union select old.employee_id) where true
        on conflict (employee_id) do update set version = employee_dashboard_versions.version + 1;
           end`,
      ),
    ],
    postgres: [
      fn(
        'dashboard_version_bump',
        `
      CREATE OR REPLACE FUNCTION dashboard_version_bump()
         RETURNS trigger
         LANGUAGE plpgsql
        AS $function$
             begin
               if tg_op = 'INSERT' then insert into employee_dashboard_versions as v (employee_id, version)
          select distinct employee_id, 1 from new_rows where true order by 1
          on conflict (employee_id) do update set version = v.version + 1;
               elsif tg_op = 'DELETE' then insert into employee_dashboard_versions as v (employee_id, version)
          select distinct employee_id, 1 from old_rows where true order by 1
          on conflict (employee_id) do update set version = v.version + 1;
               else insert into employee_dashboard_versions as v (employee_id, version)
          select distinct employee_id, 1 from (select employee_id from new_rows union select employee_id from old_rows) c where true order by 1
          on conflict (employee_id) do update set version = v.version + 1;
               end if;
               return null;
             end $function$`,
      ),
      trigger(
        'bonuses',
        'dashboard_version_bonuses_delete',
        `
      CREATE TRIGGER dashboard_version_bonuses_delete AFTER DELETE ON bonuses
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
      trigger(
        'bonuses',
        'dashboard_version_bonuses_insert',
        `
      CREATE TRIGGER dashboard_version_bonuses_insert AFTER INSERT ON bonuses
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
      trigger(
        'bonuses',
        'dashboard_version_bonuses_update',
        `
      CREATE TRIGGER dashboard_version_bonuses_update AFTER UPDATE ON bonuses
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_delete',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_delete AFTER DELETE ON employee_monthly_scores
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_insert',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_insert AFTER INSERT ON employee_monthly_scores
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
      trigger(
        'employee_monthly_scores',
        'dashboard_version_employee_monthly_scores_update',
        `
      CREATE TRIGGER dashboard_version_employee_monthly_scores_update AFTER UPDATE ON employee_monthly_scores
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT
        EXECUTE FUNCTION dashboard_version_bump()`,
      ),
    ],
  },
  rebuild: { sqlite: bump, postgres: bump },
  check: { sqlite: check, postgres: check },
  limits:
    'Counters, not recomputations: the rebuild moves every one (every remembered dashboard is dropped); the check only finds a version that was never moved.',
});
