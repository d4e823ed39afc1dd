/**
 * What a recorded metric value costs by layer, in process, on SQLite: `npx tsx
 * bench/write-layers.ts [writes=2000] [rounds=3]`. On a copy of the loaded `--small` database
 * (write-base.ts), with every trigger and then without the derived tables' triggers: the
 * service's `record()` alone (Kysely building and compiling the statements, the service's own
 * work, the statements), the whole route through `app.inject` (the guard, validation,
 * serialisation, every hook) and `GET /api/health` through `inject` (inject's own cost, and the
 * scale of the budgets). The statements alone are write-costs.ts. CPU per call of this process.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { createTokenService } from '../server/src/lib/tokens';
import { createPerformanceMetricsService } from '../server/src/modules/performance-metrics/performance-metrics.service';
import { writeBase } from './write-base';

const writes = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 3);
const base = await writeBase('sqlite');
const DERIVED = [
  'data_version_',
  'list_totals_',
  'dashboard_version_',
  'insights_',
  'audit_entries_text_',
];
const cpu = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

async function run(dropDerived: boolean): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'spms-write-layers-'));
  const file = path.join(dir, 'spms.sqlite');
  copyFileSync(base.sqliteFile, file);
  const database = openDatabase({ sqliteFile: file });
  const db = database.db;
  if (dropDerived) {
    const triggers = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'trigger'`.execute(db);
    for (const trigger of triggers.rows) {
      if (DERIVED.some((prefix) => trigger.name.startsWith(prefix))) {
        await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      }
    }
  }
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000000',
    ANONYMOUS_REQUESTS_PER_MINUTE: '1000000000',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  });
  const tokens = createTokenService('x'.repeat(43), config.JWT_EXPIRES_IN);
  const app = await buildApp({ config, database, tokens });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: base.accounts.manager, password: base.accounts.password },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', base.accounts.manager)
      .executeTakeFirstOrThrow();
    const service = createPerformanceMetricsService(db);
    const actor = { userId: manager.id, email: base.accounts.manager, ip: '127.0.0.1' };
    let n = 0;
    const body = () => {
      n += 1;
      return {
        user_id: 1 + ((n * 7919) % 1000),
        metric_type_id: 1 + (n % 50),
        value: (100 + ((n * 37) % 9900)) / 100,
        comment: 'Recorded by the benchmark',
        created_at: undefined,
      };
    };
    const layers: [string, () => Promise<unknown>][] = [
      ['record()', () => service.record(body(), actor)],
      [
        'inject POST /api/performance-metrics',
        async () => {
          const answer = await app.inject({
            method: 'POST',
            url: '/api/performance-metrics',
            headers: { authorization: `Bearer ${token}` },
            payload: body(),
          });
          if (answer.statusCode !== 201) throw new Error(answer.body);
        },
      ],
      ['inject GET /api/health', () => app.inject({ method: 'GET', url: '/api/health' })],
    ];
    const spent: string[] = [];
    for (const [label, call] of layers) {
      for (let i = 0; i < 200; i++) await call();
      const before = cpu();
      for (let i = 0; i < writes; i++) await call();
      spent.push(`${label} ${Math.round((cpu() - before) / writes)}`);
    }
    return spent.join(', ');
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let round = 1; round <= rounds; round++) {
  console.log(`round ${round} all triggers: ${await run(false)} µs CPU each`);
  console.log(`round ${round} no derived-table triggers: ${await run(true)} µs CPU each`);
}
