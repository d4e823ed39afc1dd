/**
 * The bench's write load (writes.ts: 50 connections recording metric values against the built
 * server) on copies of the loaded `--small` database (write-base.ts), each with some families of
 * triggers dropped: `npx tsx bench/write-variants.ts sqlite|postgres [seconds=10] [rounds=3]
 * [variants]`. A variant is `base`, or families joined by `+` (`dataversion`, `listtotals`,
 * `dashboard`, `insights`, `auditsearch`, or `all`), with `nolock` on PostgreSQL
 * making the advisory lock a no-op (a `public.pg_advisory_xact_lock` found first on the
 * database's search path). Prints each run's values a second, p99, server CPU per write and
 * whether every answered write is in the table; on PostgreSQL also what the server's sessions
 * wait on, sampled every 25 ms. The rounds interleave the variants, so whatever else runs
 * weighs on each alike. BENCH_SERVER_NODE_ARGS and the server's environment (such as
 * OVERLOAD_EVENT_LOOP_DELAY_MS=0 on a machine others load) pass through.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from '../server/src/db/database';
import { BENCH_DATABASE_URL } from './databases';
import { startServer } from './server';
import { onServer, withDatabase, WRITE_BASE_DATABASE, writeBase } from './write-base';
import { measureWrites } from './writes';

const [engineText, secondsText, repeatsText, variantText] = process.argv.slice(2);
const engine: Engine = engineText === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(secondsText ?? 10);
const repeats = Number(repeatsText ?? 3);
const variants = (variantText ?? 'base,nolock,all,all+nolock').split(',');
const base = await writeBase(engine);
const accounts = base.accounts;
const data = await baseIds();

const FAMILIES: Record<string, string[]> = {
  dataversion: ['data_version_'],
  listtotals: ['list_totals_'],
  dashboard: ['dashboard_version_'],
  insights: ['insights_'],
  auditsearch: ['audit_entries_search_', 'audit_entries_text_'],
};
/** A variant: `base`, `nolock` (PostgreSQL's advisory lock a no-op), or families joined by `+`. */
function parse(variant: string) {
  const parts = variant.split('+').filter((p) => p !== 'base');
  return {
    nolock: parts.includes('nolock'),
    patterns: parts
      .filter((p) => p !== 'nolock')
      .flatMap((p) => FAMILIES[p] ?? (p === 'all' ? Object.values(FAMILIES).flat() : [])),
  };
}

const admin = async (statement: string, url?: string) => ({
  rows: await onServer<Record<string, unknown>>(statement, url),
});

async function prepare(variant: string) {
  const { nolock, patterns } = parse(variant);
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'spms-variant-'));
    const file = path.join(dir, 'spms.sqlite');
    copyFileSync(base.sqliteFile, file);
    const s = new SQLite(file);
    const triggers = s.prepare(`select name from sqlite_master where type = 'trigger'`).all() as {
      name: string;
    }[];
    let dropped = 0;
    for (const t of triggers) {
      if (patterns.some((p) => t.name.startsWith(p))) {
        s.exec(`drop trigger ${t.name}`);
        dropped++;
      }
    }
    s.close();
    return {
      env: { DATA_DIR: dir } as Record<string, string>,
      dropped,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `spms_write_variant_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name} TEMPLATE ${WRITE_BASE_DATABASE}`);
  const url = withDatabase(BENCH_DATABASE_URL, name);
  const triggers = await admin(
    `select c.relname, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
    url,
  );
  let dropped = 0;
  for (const t of triggers.rows as unknown as { relname: string; tgname: string }[]) {
    if (patterns.some((p) => t.tgname.startsWith(p))) {
      await admin(`drop trigger ${t.tgname} on ${t.relname}`, url);
      dropped++;
    }
  }
  if (nolock) {
    await admin(
      `create function public.pg_advisory_xact_lock(bigint) returns void language sql as ''`,
      url,
    );
    await admin(`alter database ${name} set search_path = public, pg_catalog`, url);
  }
  return {
    env: { DATABASE_URL: url } as Record<string, string>,
    dropped,
    url,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}

async function signIn(url: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: accounts.manager, password: accounts.password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function countValues(env: Record<string, string>): Promise<number> {
  if (engine === 'sqlite') {
    const s = new SQLite(path.join(env.DATA_DIR!, 'spms.sqlite'), { readonly: true });
    const n = (s.prepare('select count(*) as n from performance_metrics').get() as { n: number }).n;
    s.close();
    return n;
  }
  return Number(
    (await admin('select count(*) as n from performance_metrics', env.DATABASE_URL)).rows[0]!.n,
  );
}

/** Samples what the server's PostgreSQL sessions wait on, every 25 ms. */
function sampleWaits(url: string) {
  const client = new pg.Client({ connectionString: url });
  const waits = new Map<string, number>();
  const blockedOn = new Map<string, number>();
  let samples = 0;
  let stop = false;
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const a = await client.query(
        `select coalesce(wait_event_type || ':' || wait_event, state) as w, count(*)::int as n from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() group by 1`,
      );
      for (const r of a.rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n);
      const l = await client.query(
        `select l.locktype || coalesce(' ' || c.relname, '') || case when l.locktype = 'advisory' then ' ' || l.objid else '' end as k,
                count(*)::int as n
         from pg_locks l left join pg_class c on c.oid = l.relation where not l.granted and l.database = (select oid from pg_database where datname = current_database()) group by 1`,
      );
      for (const r of l.rows) blockedOn.set(r.k, (blockedOn.get(r.k) ?? 0) + r.n);
      samples++;
      await new Promise((r) => setTimeout(r, 25));
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    await done;
    const show = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${(n / samples).toFixed(1)}`)
        .join(', ');
    return `${samples} samples; sessions by wait (mean per sample): ${show(waits)}; ungranted locks: ${show(blockedOn) || 'none'}`;
  };
}

async function health(url: string) {
  const r = await autocannon({ url: `${url}/api/health`, connections: 50, duration: 3 });
  return Math.round(r.requests.total / 3);
}

/** The employee and metric type ids the load writes for, read from the base once. */
async function baseIds() {
  const read = async (table: string): Promise<number[]> => {
    if (engine === 'sqlite') {
      const s = new SQLite(base.sqliteFile, { readonly: true });
      const ids = (s.prepare(`select id from ${table} order by id`).all() as { id: number }[]).map(
        (r) => r.id,
      );
      s.close();
      return ids;
    }
    const url = withDatabase(BENCH_DATABASE_URL, WRITE_BASE_DATABASE);
    return (await onServer<{ id: number }>(`select id from ${table} order by id`, url)).map(
      (r) => r.id,
    );
  };
  return { employeeIds: await read('employees'), metricTypeIds: await read('metric_types') };
}

for (let round = 1; round <= repeats; round++) {
  for (const variant of variants) {
    const prepared = await prepare(variant);
    const server = await startServer(prepared.env);
    try {
      const token = await signIn(server.url);
      const healthRps = round === 1 && variant === variants[0] ? await health(server.url) : null;
      const before = await countValues(prepared.env);
      const sampler = engine === 'postgres' ? sampleWaits((prepared as { url: string }).url) : null;
      const w = await measureWrites(server, token, data.employeeIds, data.metricTypeIds, {
        connections: 50,
        seconds,
      });
      const waits = sampler ? await sampler() : '';
      await new Promise((r) => setTimeout(r, 500));
      const added = (await countValues(prepared.env)) - before;
      const ok = w.requests - w.failures;
      const line =
        `${engine} ${variant} (${prepared.dropped} triggers dropped) round ${round}: ${w.rps} values/s, p50 ${w.p50} ms, p99 ${w.p99} ms (${w.p99Steady} ms once connected), ` +
        `server CPU ${w.cpu} µs/write${w.databaseCpu !== null ? `, postgres CPU ${w.databaseCpu} µs/write` : ''}, event loop waiting ${w.waiting === null ? 'n/a' : (w.waiting * 100).toFixed(0) + '%'}, ` +
        `${w.failures} failed, ${ok} answered 2xx, ${added} rows added (${added >= ok ? 'none lost' : `${ok - added} LOST`}), load ${loadavg()[0]!.toFixed(1)}` +
        (healthRps ? `, health ${healthRps} req/s` : '');
      console.log(line);
      if (waits) console.log(`  ${waits}`);
    } finally {
      await server.stop();
      await prepared.drop();
    }
  }
}
