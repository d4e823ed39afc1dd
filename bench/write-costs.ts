/**
 * What one recorded metric value costs in the database, trigger family by trigger family:
 * `npx tsx bench/write-costs.ts sqlite|postgres [writes=2000] [rounds=3]`.
 *
 * Replays the statements of `record()` (performance-metrics.service.ts: the guard's session
 * read, the type, the employee, the insert, the three score upserts, the audit entry, begin and
 * commit) on one connection, with no HTTP and no Kysely, against a copy of the loaded `--small`
 * database (write-base.ts): with every trigger, without each family alone, and without all of
 * them. Prints the CPU per write of this process and, on PostgreSQL, of its backend (`/proc`,
 * 10 ms ticks), in total and per statement. CPU, not wall time: it holds while other work shares
 * the machine.
 *
 * On PostgreSQL, `--shapes` replays instead, with every trigger, the ten statements a value cost
 * before they were combined ("separate") and the six it costs now ("combined": the type and the
 * employee in one read, the score totals and the audit entry in one statement), in turn.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from '../server/src/db/database';
import { BENCH_DATABASE_URL } from './databases';
import { onServer, withDatabase, WRITE_BASE_DATABASE, writeBase } from './write-base';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const engine: Engine = positional[0] === 'postgres' ? 'postgres' : 'sqlite';
const writes = Number(positional[1] ?? 2000);
const repeats = Number(positional[2] ?? 3);
const compareShapes = process.argv.includes('--shapes');
const base = await writeBase(engine);
const FAMILIES: [string, string[]][] = [
  ['data_version', ['data_version_']],
  ['list_totals', ['list_totals_']],
  ['dashboard_versions', ['dashboard_version_']],
  ['insights', ['insights_']],
  ['audit_search', ['audit_entries_search_', 'audit_entries_text_']],
];
const AFTER = JSON.stringify({
  id: 1,
  user_id: 1,
  metric_type_id: 1,
  value: 42.5,
  comment: 'Recorded by the benchmark',
  created_at: '2026-12-02T02:00:00.000Z',
  updated_at: '2026-12-02T02:00:00.000Z',
  metric_name: 'Customer Satisfaction',
  metric_type_name: 'Customer Satisfaction',
  measurement_unit: '%',
  unit: '%',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
});

/** One write's parameters: employee, type, hundredths, now, month. */
function params(n: number) {
  const now = new Date(Date.now() + n).toISOString();
  return {
    user: 1 + ((n * 7919) % 1000),
    type: 1 + (n % 50),
    hundredths: 100 + ((n * 37) % 9900),
    now,
    month: now.slice(0, 7),
  };
}

function cpuOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000;
}
const selfCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

async function sqliteRun(drop: string[]) {
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
    time('audit entry', () =>
      st.audit.run(
        'Performance Metric Recorded',
        `Recorded Customer Satisfaction ${p.hundredths / 100}% for Employee ${p.user} (e${p.user}@example.org)`,
        manager,
        'bench.manager@example.org',
        '127.0.0.1',
        'performance_metric',
        id,
        null,
        AFTER,
        p.now,
        p.now,
      ),
    );
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

async function pgRun(drop: string[], combined = false) {
  const name = `spms_write_costs_${process.pid}`;
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${WRITE_BASE_DATABASE}`);
  const c = new pg.Client({ connectionString: withDatabase(BENCH_DATABASE_URL, name) });
  await c.connect();
  await c.query(`set time zone 'UTC'`);
  let dropped = 0;
  for (const t of (
    await c.query(
      `select c.relname, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
    )
  ).rows) {
    if (drop.some((p) => t.tgname.startsWith(p))) {
      await c.query(`drop trigger ${t.tgname} on ${t.relname}`);
      dropped++;
    }
  }
  const backend = (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number;
  const manager = (await c.query('select id from users where email = $1', [base.accounts.manager]))
    .rows[0].id as number;
  const q = (statement: string, text: string, values: unknown[] = []) =>
    c.query({ name: statement, text, values });
  const spent: Record<string, { self: number; db: number }> = {};
  const time = async (label: string, f: () => Promise<unknown>) => {
    const t = selfCpu();
    const b = cpuOf(backend);
    await f();
    const s = (spent[label] ??= { self: 0, db: 0 });
    s.self += selfCpu() - t;
    s.db += cpuOf(backend) - b;
  };
  const one = async (n: number) => {
    const p = params(n);
    await time('session read', () =>
      q(
        'session',
        `select id, email, firstname, lastname, user_type, employee_id, password_is_temporary, tokens_valid_after, (select value from list_totals where name = 'data_version') as data_version from users where id = $1`,
        [manager],
      ),
    );
    await time('begin', () => q('begin', 'begin'));
    if (combined) {
      await time('type and employee read', () =>
        q(
          'type_employee',
          `select t.id as type_id, t.metric_name, t.measurement_unit, t.minimum_value, t.maximum_value,
        e.id as employee_id, e.first_name, e.last_name, e.email, e.join_date
      from (select 1) as one
      left join metric_types as t on t.id = $1
      left join (select id, first_name, last_name, email, join_date from employees where id = $2 for share) as e on true`,
          [p.type, p.user],
        ),
      );
    } else {
      await time('type read', () =>
        q(
          'type',
          'select id, metric_name, description, measurement_unit, minimum_value, maximum_value from metric_types where id = $1',
          [p.type],
        ),
      );
      await time('employee read', () =>
        q(
          'employee',
          'select id, first_name, last_name, email, join_date from employees where id = $1 for share',
          [p.user],
        ),
      );
    }
    let id = 0;
    await time('insert value', async () => {
      id = (
        await q(
          'insert',
          'insert into performance_metrics (user_id, metric_type_id, value_hundredths, comment, recorded_by, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7) returning id',
          [p.user, p.type, p.hundredths, 'Recorded by the benchmark', manager, p.now, p.now],
        )
      ).rows[0].id;
    });
    if (combined) {
      await time('totals and audit entry', () =>
        q(
          'totals_audit',
          `with overall as (
        insert into employee_scores (employee_id, metric_count, value_sum_hundredths, average_score, updated_at)
        values ($1::integer, 1, $2::bigint, $3::double precision, $4::timestamptz)
        on conflict (employee_id) do update set metric_count = employee_scores.metric_count + 1, value_sum_hundredths = employee_scores.value_sum_hundredths + $2::bigint,
        average_score = case when employee_scores.metric_count + 1 > 0 then (employee_scores.value_sum_hundredths + $2::bigint) * 1.0 / (employee_scores.metric_count + 1) / 100 else 0 end,
        updated_at = excluded.updated_at
        returning 1 as one
      ), monthly as (
        insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths)
        select $1::integer, $5::text, 1, $2::bigint from overall
        on conflict (employee_id, month) do update set metric_count = employee_monthly_scores.metric_count + 1, value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + $2::bigint
        returning 1 as one
      ), by_type as (
        insert into employee_metric_type_scores (employee_id, metric_type_id, metric_count, value_sum_hundredths)
        select $1::integer, $6::integer, 1, $2::bigint from monthly
        on conflict (employee_id, metric_type_id) do update set metric_count = employee_metric_type_scores.metric_count + 1, value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + $2::bigint
        returning 1 as one
      )
      insert into audit_entries (name, description, actor_user_id, actor_email, ip_address, entity_type, entity_id, before_json, after_json, created_at, updated_at)
      select $7::text, $8::text, $9::integer, $10::text, $11::text, $12::text, $13::integer, $14::text, $15::text, $16::timestamptz, $17::timestamptz
      from by_type returning 1 as one`,
          [
            p.user,
            p.hundredths,
            p.hundredths / 100,
            p.now,
            p.month,
            p.type,
            ...[
              'Performance Metric Recorded',
              `Recorded Customer Satisfaction ${p.hundredths / 100}% for Employee ${p.user} (e${p.user}@example.org)`,
              manager,
              'bench.manager@example.org',
              '127.0.0.1',
              'performance_metric',
              id,
              null,
              AFTER,
              p.now,
              p.now,
            ],
          ],
        ),
      );
      await time('commit', () => q('commit', 'commit'));
      return;
    }
    await time('employee_scores', () =>
      q(
        'scores',
        `insert into employee_scores (employee_id, metric_count, value_sum_hundredths, average_score, updated_at) values ($1, 1, $2, $3, $4)
      on conflict (employee_id) do update set metric_count = employee_scores.metric_count + 1, value_sum_hundredths = employee_scores.value_sum_hundredths + $2,
      average_score = case when employee_scores.metric_count + 1 > 0 then (employee_scores.value_sum_hundredths + $2) * 1.0 / (employee_scores.metric_count + 1) / 100 else 0 end, updated_at = $4`,
        [p.user, p.hundredths, p.hundredths / 100, p.now],
      ),
    );
    await time('monthly scores', () =>
      q(
        'monthly',
        `insert into employee_monthly_scores (employee_id, month, metric_count, value_sum_hundredths) values ($1, $2, 1, $3)
      on conflict (employee_id, month) do update set metric_count = employee_monthly_scores.metric_count + 1, value_sum_hundredths = employee_monthly_scores.value_sum_hundredths + $3`,
        [p.user, p.month, p.hundredths],
      ),
    );
    await time('type scores', () =>
      q(
        'typed',
        `insert into employee_metric_type_scores (employee_id, metric_type_id, metric_count, value_sum_hundredths) values ($1, $2, 1, $3)
      on conflict (employee_id, metric_type_id) do update set metric_count = employee_metric_type_scores.metric_count + 1, value_sum_hundredths = employee_metric_type_scores.value_sum_hundredths + $3`,
        [p.user, p.type, p.hundredths],
      ),
    );
    await time('audit entry', () =>
      q(
        'audit',
        `insert into audit_entries (name, description, actor_user_id, actor_email, ip_address, entity_type, entity_id, before_json, after_json, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          'Performance Metric Recorded',
          `Recorded Customer Satisfaction ${p.hundredths / 100}% for Employee ${p.user} (e${p.user}@example.org)`,
          manager,
          'bench.manager@example.org',
          '127.0.0.1',
          'performance_metric',
          id,
          null,
          AFTER,
          p.now,
          p.now,
        ],
      ),
    );
    await time('commit', () => q('commit', 'commit'));
  };
  for (let i = 0; i < 150; i++) await one(i);
  for (const k of Object.keys(spent)) spent[k] = { self: 0, db: 0 };
  const t0 = selfCpu();
  const b0 = cpuOf(backend);
  for (let i = 0; i < writes; i++) await one(1000 + i);
  const total = (selfCpu() - t0) / writes;
  const dbTotal = (cpuOf(backend) - b0) / writes;
  await c.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return {
    dropped,
    total,
    dbTotal,
    parts: Object.fromEntries(
      Object.entries(spent).map(([k, v]) => [
        k,
        `${Math.round(v.self / writes)}+${Math.round(v.db / writes)}`,
      ]),
    ),
  };
}

if (compareShapes) {
  if (engine !== 'postgres') throw new Error('--shapes compares PostgreSQL statements');
  for (let r = 1; r <= repeats; r++) {
    const order = r % 2 ? [false, true] : [true, false];
    for (const combined of order) {
      const result = await pgRun([], combined);
      const parts = Object.entries(result.parts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(
        `postgres round ${r} ${combined ? 'combined' : 'separate'}: ${Math.round(result.total)} µs CPU/write` +
          ` + backend ${Math.round(result.dbTotal)} µs [${parts}]`,
      );
    }
  }
  process.exit(0);
}

const variants: [string, string[]][] = [
  ['all triggers', []],
  ...FAMILIES.map(([label, patterns]) => [`without ${label}`, patterns] as [string, string[]]),
  ['without any of them', FAMILIES.flatMap(([, p]) => p)],
];
for (let r = 1; r <= repeats; r++) {
  for (const [label, patterns] of variants) {
    const result = engine === 'sqlite' ? await sqliteRun(patterns) : await pgRun(patterns);
    const parts = Object.entries(result.parts)
      .map(([k, v]) => `${k} ${typeof v === 'number' ? Math.round(v) : v}`)
      .join(', ');
    console.log(
      `${engine} round ${r} ${label} (${result.dropped} dropped): ${Math.round(result.total)} µs CPU/write` +
        ('dbTotal' in result ? ` + backend ${Math.round(result.dbTotal as number)} µs` : '') +
        ` [${parts}]`,
    );
  }
}
