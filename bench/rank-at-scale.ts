import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Engine } from '../server/src/db/database';
import { nowIso } from '../server/src/lib/clock';
import { createTokenService } from '../server/src/lib/tokens';
import { readInsightTotals } from '../server/src/modules/insights/insight-totals.repository';
import { createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { startServer, type RunningServer } from './server';

/**
 * Issue 5's measurement: the insights endpoints at 10,000 staff, 1,000,000 metric values and
 * 100,000 bonuses, side by side with GET /api/health, on SQLite and on PostgreSQL.
 *
 *   npx tsx bench/rank-at-scale.ts [sqlite|postgres ...] [--duration=10] [--rounds=3]
 *     [--connections=50]
 *
 * Each engine gets a fresh database, bulk-loaded and aggregated once; the real server then runs
 * in its own process and autocannon drives it. The routes of one caller (rank, top-10 status,
 * dashboard) rotate over 50 employee accounts spread evenly over the ranking, one per
 * connection, so their cost is the typical one and not that of the first place.
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const engines = args.filter((arg) => !arg.startsWith('--')) as Engine[];
/** Seconds of load per route, spread over `rounds` interleaved rounds. */
const duration = option('duration', 10);
const rounds = option('rounds', 3);
const connections = option('connections', 50);

interface Measured {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** Server process CPU per request, in microseconds: what the route costs whatever else runs. */
  cpu: number | null;
}

interface Target {
  route: string;
  tokens: string[] | null;
}

async function run(url: string, target: Target, seconds: number) {
  let next = 0;
  const tokens = target.tokens;
  return autocannon({
    url: url + target.route,
    connections,
    duration: seconds,
    ...(tokens && {
      setupClient: (client) =>
        client.setHeaders({ authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
    }),
  });
}

/**
 * Every target once for a second to warm up, then `rounds` rounds in which each target runs in
 * turn: other work on the machine then weighs on every route alike. Requests per second are
 * the total over all rounds, p50 the median round, p99 the worst round.
 */
async function measureAll(server: RunningServer, targets: Target[]): Promise<Measured[]> {
  const url = server.url;
  for (const target of targets) await run(url, target, 1);
  const samples = targets.map(() => [] as Awaited<ReturnType<typeof run>>[]);
  const cpu = targets.map(() => 0 as number | null);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const before = server.cpuMicros();
      samples[i]!.push(await run(url, target, Math.max(1, Math.round(duration / rounds))));
      const after = server.cpuMicros();
      cpu[i] =
        before === null || after === null || cpu[i] === null ? null : cpu[i]! + after - before;
    }
  }
  return targets.map((target, i) => {
    const results = samples[i]!;
    const seconds = rounds * Math.max(1, Math.round(duration / rounds));
    const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    return {
      route: target.route,
      rps: Math.round(requests / seconds),
      cpu: cpu[i] === null ? null : Math.round(cpu[i]! / requests),
      p50: p50s[Math.floor(p50s.length / 2)]!,
      p99: Math.max(...results.map((r) => r.latency.p99)),
      failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    };
  });
}

async function benchEngine(engine: Engine) {
  const bench = await createBenchDatabase(engine, 'rank');
  const { db } = bench.database;
  console.log(`\n[${engine}] loading 10,000 staff, 1,000,000 metric values, 100,000 bonuses...`);
  const summary = await generateScaleData(db);
  console.log(
    `[${engine}] loaded in ${summary.seconds.load.toFixed(1)} s, aggregated in ${summary.seconds.aggregate.toFixed(1)} s`,
  );
  const totals = await readInsightTotals(db);
  if (totals.totals.metric_values !== summary.metricValues)
    throw new Error(`trigger totals disagree: ${JSON.stringify(totals.totals)}`);

  // Accounts: one HR user, and 50 employees spread evenly over the ranking.
  const secret = randomBytes(32).toString('base64url');
  const tokens = createTokenService(secret, '8h');
  const ranked = await db
    .selectFrom('employee_scores')
    .select('employee_id')
    .orderBy('average_score', 'desc')
    .orderBy('metric_count', 'desc')
    .execute();
  const step = Math.floor(ranked.length / 50);
  const spread = ranked.filter((_, i) => i % step === 0).slice(0, 50);
  const now = nowIso();
  const users = await db
    .insertInto('users')
    .values(
      [
        { role: 'manager' as const, employee_id: null },
        ...spread.map((row) => ({ role: 'employee' as const, employee_id: row.employee_id })),
      ].map((user, i) => ({
        email: `bench${i}@example.com`,
        firstname: 'Bench',
        lastname: `User ${i}`,
        user_type: user.role,
        employee_id: user.employee_id,
        password_hash: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  if (engine === 'postgres') await sql`analyze users`.execute(db);
  const [hrToken, ...employeeTokens] = await Promise.all(users.map((u) => tokens.sign(u.id)));
  await bench.database.close();

  const server = await startServer({ ...bench.env, JWT_SECRET: secret });
  try {
    const staff = employeeTokens;
    const hr = [hrToken!];
    return await measureAll(server, [
      { route: '/api/health', tokens: null },
      { route: '/api/employees/rank', tokens: staff },
      { route: '/api/employees/top10-status', tokens: staff },
      { route: '/api/employees/dashboard', tokens: staff },
      { route: '/api/hr/metrics', tokens: hr },
      { route: '/api/hr/charts', tokens: hr },
      { route: '/api/metrics/average', tokens: hr },
      { route: '/api/metrics/average?sort=score&order=desc&page=3', tokens: hr },
      { route: '/api/employees/rank?limit=100', tokens: staff },
    ]);
  } finally {
    await server.stop();
    await bench.drop();
  }
}

function report(engine: Engine, results: Measured[]) {
  const health = results[0]!.rps;
  console.log(
    `\n### ${engine}: ${connections} connections, ${rounds} rounds, ${duration} s a route\n`,
  );
  const healthCpu = results[0]!.cpu;
  console.log(
    '| route | requests/s | of health | p50 ms | p99 ms | non-2xx | server CPU µs/request | health CPU / route CPU |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const share = `${Math.round((r.rps / health) * 100)}%`;
    const cpuShare = healthCpu && r.cpu ? `${Math.round((healthCpu / r.cpu) * 100)}%` : 'n/a';
    console.log(
      `| \`GET ${r.route}\` | ${r.rps} | ${share} | ${r.p50} | ${r.p99} | ${r.failures} | ${r.cpu ?? 'n/a'} | ${cpuShare} |`,
    );
  }
  console.log(
    `\nLoad average after the run: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
}

for (const engine of engines.length ? engines : (['sqlite', 'postgres'] as const)) {
  report(engine, await benchEngine(engine));
}
