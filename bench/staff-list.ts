/**
 * The staff list at 10,000 employees (issue 3): bulk-inserts 10,000 staff into a fresh SQLite
 * file and a fresh PostgreSQL database, then times the list as the /staff screen asks for it.
 *
 *   npx tsx bench/staff-list.ts            # both engines (PostgreSQL from TEST_DATABASE_URL)
 *   npx tsx bench/staff-list.ts sqlite     # one engine
 *
 * Two measurements per query: sequential latency through `inject` (the server's own cost, no
 * network), and 50 concurrent connections over HTTP with autocannon (p99 and requests/s),
 * beside GET /api/health as the framework's ceiling on the same machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase, type Database, type Engine } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import type { EmployeesTable } from '../server/src/db/schema';
import { nowIso } from '../server/src/lib/clock';
import { createTokenService } from '../server/src/lib/tokens';
import { DEPARTMENTS, EMPLOYMENT_TYPES, LOCATIONS } from '../contract/employee-options';

const STAFF = 10_000;
const SEQUENTIAL_RUNS = 200;
const CONCURRENT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const QUERIES: [string, string][] = [
  ['health (ceiling)', '/api/health'],
  ['list, 25 by last name', '/api/employees?limit=25&sort=last_name'],
  ['list, page 200 of 25', '/api/employees?limit=25&page=200&sort=last_name'],
  ['search "son"', '/api/employees?limit=25&search=son&sort=last_name'],
  ['department + status', '/api/employees?limit=25&department=Commerce&status=active'],
  ['sort by salary desc', '/api/employees?limit=25&sort=salary&order=desc'],
  ['list, 1000 rows', '/api/employees?limit=1000'],
];

const FIRST = ['Amara', 'Kwame', 'Lena', 'Mateo', 'Priya', 'Jonas', 'Chen', 'Olga', 'Sven', 'Ife'];
const LAST = ['Anderson', 'Okafor', 'Nguyen', 'Johnson', 'Schmidt', 'Garcia', 'Patel', 'Larsen'];
const POSITIONS = ['Lecturer', 'Senior Lecturer', 'Professor', 'Lab Technician', 'Accountant'];

function staffRow(i: number, now: string): Insertable<EmployeesTable> {
  const first = FIRST[i % FIRST.length]!;
  const last = `${LAST[(i * 7) % LAST.length]!}${i % 97}`;
  return {
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${i}@bench.example`.toLowerCase(),
    phone: i % 5 ? `+1 555 ${String(100 + (i % 900))} ${String(1000 + i)}` : null,
    position: POSITIONS[i % POSITIONS.length]!,
    department: DEPARTMENTS[i % DEPARTMENTS.length]!,
    join_date: `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    status: i % 20 ? 'active' : 'inactive',
    salary_cents: i % 11 ? (40_000 + (i % 90) * 1000) * 100 : null,
    employee_code: `B-${String(i).padStart(5, '0')}`,
    employment_type: EMPLOYMENT_TYPES[i % EMPLOYMENT_TYPES.length]!,
    location: LOCATIONS[i % LOCATIONS.length]!,
    manager_id: null,
    notes: null,
    skills: '["Teaching","Research"]',
    created_at: now,
    updated_at: now,
  };
}

async function openFresh(engine: Engine): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'spms-bench-'));
    const database = openDatabase({ sqliteFile: path.join(dir, 'bench.sqlite') });
    return {
      database,
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://spms:spms@127.0.0.1:5432/spms_test';
  const name = `spms_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function benchEngine(engine: Engine) {
  const { database, drop } = await openFresh(engine);
  try {
    await migrateToLatest(database.db);
    const now = nowIso();
    const started = performance.now();
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < STAFF; i += 500) {
        const rows = [];
        for (let j = i; j < Math.min(STAFF, i + 500); j++) rows.push(staffRow(j, now));
        await trx.insertInto('employees').values(rows).execute();
      }
    });
    const insertMs = performance.now() - started;
    // What autovacuum does shortly after a bulk load on PostgreSQL (and `analyze` on SQLite):
    // the planner needs statistics to choose the name indexes.
    await sql`analyze`.execute(database.db);
    const admin = await database.db
      .insertInto('users')
      .values({
        email: 'bench.admin@bench.example',
        firstname: 'Bench',
        lastname: 'Admin',
        user_type: 'admin',
        employee_id: null,
        password_hash: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spms-bench-data-')),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
    });
    const tokens = createTokenService(randomBytes(32).toString('base64url'), '1h');
    const token = await tokens.sign(admin.id);
    const app = await buildApp({ config, database, tokens });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const headers = { authorization: `Bearer ${token}` };

    console.log(`\n${engine}: inserted ${STAFF} employees in ${(insertMs / 1000).toFixed(1)} s`);
    console.log(
      '| query | inject p50 ms | inject p95 ms | inject p99 ms | 50 conns req/s | 50 conns p99 ms |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [label, url] of QUERIES) {
      const first = await app.inject({ method: 'GET', url, headers });
      if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}`);
      for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      for (let i = 0; i < SEQUENTIAL_RUNS; i++) {
        const t = performance.now();
        await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const load = await autocannon({
        url: origin + url,
        headers,
        connections: 50,
        duration: CONCURRENT_SECONDS,
      });
      if (load.non2xx || load.errors) throw new Error(`${url}: ${load.non2xx} non-2xx answers`);
      console.log(
        `| ${label} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${percentile(times, 99).toFixed(2)} | ${Math.round(load.requests.average)} | ${load.latency.p99} |`,
      );
    }
    await app.close();
  } finally {
    await drop();
  }
}

const requested = process.argv.slice(2);
const engines: Engine[] = requested.length ? (requested as Engine[]) : ['sqlite', 'postgres'];
for (const engine of engines) await benchEngine(engine);
