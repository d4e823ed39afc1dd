/** write-costs.ts on SQLite: the replay on a copy of the loaded database's file. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { WriteBase } from './write-base';
import { auditValues, params, selfCpu } from './write-replay';

/** `writes` values recorded with the triggers whose names start with one of `drop` dropped. */
export async function sqliteRun(base: WriteBase, writes: number, drop: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'spms-micro-'));
  const file = path.join(dir, 'spms.sqlite');
  copyFileSync(base.sqliteFile, file);
  const s = new SQLite(file);
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = NORMAL');
  s.pragma('foreign_keys = ON');
  s.pragma('cache_size = -262144');
  let dropped = 0;
  for (const t of s.prepare(`select name from sqlite_master where type = 'trigger'`).all() as {
    name: string;
  }[]) {
    if (drop.some((p) => t.name.startsWith(p))) {
      s.exec(`drop trigger ${t.name}`);
      dropped++;
    }
  }
  const st = {
    begin: s.prepare('begin'),
    commit: s.prepare('commit'),
    session: s.prepare(
      `select id, email, firstname, lastname, user_type, employee_id, password_is_temporary, tokens_valid_after, (select value from list_totals where name = 'data_version') as data_version from users where id = ?`,
    ),
    type: s.prepare(
      'select id, metric_name, description, measurement_unit, minimum_value, maximum_value from metric_types where id = ?',
    ),
    employee: s.prepare(
      'select id, first_name, last_name, email, join_date from employees where id = ?',
    ),
    insert: s.prepare(
      'insert into performance_metrics (user_id, metric_type_id, value_hundredths, comment, recorded_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
    ),
    scores:
      s.prepare(`insert into employee_scores (employee_id, metric_count, value_sum_hundredths, average_score, updated_at) values (?, 1, ?, ?, ?)
      on conflict (employee_id) do update set metric_count = employee_scores.metric_count + 1, value_sum_hundredths = employee_scores.value_sum_hundredths + ?,
      average_score = case when employee_scores.metric_count + 1 > 0 then (employee_scores.value_sum_hundredths + ?) * 1.0 / (employee_scores.metric_count + 1) / 100 else 0 end, updated_at = ?`),
    monthly:
      s.prepare(`insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths) values (?, ?, 1, ?)
      on conflict (employee_id, month) do update set metric_count = employee_monthly_scores.metric_count + 1, value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + ?`),
    typed:
      s.prepare(`insert into employee_metric_type_scores (employee_id, metric_type_id, metric_count, value_sum_hundredths) values (?, ?, 1, ?)
      on conflict (employee_id, metric_type_id) do update set metric_count = employee_metric_type_scores.metric_count + 1, value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + ?`),
    audit: s.prepare(
      `insert into audit_entries (name, description, actor_user_id, actor_email, ip_address, entity_type, entity_id, before_json, after_json, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
  const manager = (
    s.prepare('select id from users where email = ?').get(base.accounts.manager) as { id: number }
  ).id;
  const spent: Record<string, number> = {};
  const time = (name: string, f: () => unknown) => {
    const t = selfCpu();
    f();
    spent[name] = (spent[name] ?? 0) + selfCpu() - t;
  };
  const one = (n: number) => {
    const p = params(n);
    time('session read', () => st.session.get(manager));
    time('begin', () => st.begin.run());
    time('type read', () => st.type.get(p.type));
    time('employee read', () => st.employee.get(p.user));
    let id = 0;
    time(
      'insert value',
      () =>
        (id = (
          st.insert.get(
            p.user,
            p.type,
            p.hundredths,
            'Recorded by the benchmark',
            manager,
            p.now,
            p.now,
          ) as { id: number }
        ).id),
    );
    time('employee_scores', () =>
      st.scores.run(
        p.user,
        p.hundredths,
        p.hundredths / 100,
        p.now,
        p.hundredths,
        p.hundredths,
        p.now,
      ),
    );
    time('monthly scores', () => st.monthly.run(p.user, p.month, p.hundredths, p.hundredths));
    time('type scores', () => st.typed.run(p.user, p.type, p.hundredths, p.hundredths));
    time('audit entry', () => st.audit.run(...auditValues(p, manager, id)));
    time('commit', () => st.commit.run());
  };
  for (let i = 0; i < 300; i++) one(i);
  for (const k of Object.keys(spent)) spent[k] = 0;
  const t0 = selfCpu();
  for (let i = 0; i < writes; i++) one(1000 + i);
  const total = (selfCpu() - t0) / writes;
  s.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    dropped,
    total,
    parts: Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, v / writes])),
  };
}
