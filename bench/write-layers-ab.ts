/**
 * The route's own layers against another build, in one process: `npx tsx bench/write-layers-ab.ts
 * OTHER_WORKTREE [calls=2000] [rounds=3]` (the other worktree with its node_modules, main's
 * commit say). Both apps are built in this process, each on its own copy of the loaded
 * `--small` SQLite database (write-base.ts), and called in turn (in alternating order), so the
 * machine's load falls on both alike; CPU per call of this process, per build:
 * `GET /api/health`; a route with the write's access, body and response schemas that answers a
 * fixed value (the guard and its statement, every hook, parsing, validation and serialisation,
 * no other SQL); and `POST /api/performance-metrics` itself. Differences of a few µs are below
 * what it can tell under load (two builds of one commit differ by tens of µs a round).
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from './server';
import { writeBase } from './write-base';

const other = process.argv[2];
if (!other) throw new Error('name the other worktree to compare with');
const calls = Number(process.argv[3] ?? 2000);
const rounds = Number(process.argv[4] ?? 3);
const base = await writeBase('sqlite');
const cpu = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};
const answered = {
  id: 1,
  user_id: 123,
  metric_type_id: 7,
  value: 12.34,
  comment: 'Recorded by the benchmark',
  created_at: '2026-12-02T15:00:00.000Z',
  updated_at: '2026-12-02T15:00:00.000Z',
  metric_name: 'Sales',
  metric_type_name: 'Sales',
  measurement_unit: 'EUR',
  unit: 'EUR',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
};

type Call = [label: string, call: () => Promise<unknown>];

/** The three calls on an app built from the worktree at `root`. */
async function build(root: string): Promise<Call[]> {
  const { buildApp } = await import(`${root}/server/src/app.ts`);
  const { loadConfig } = await import(`${root}/server/src/config.ts`);
  const { openDatabase } = await import(`${root}/server/src/db/database.ts`);
  const { createTokenService } = await import(`${root}/server/src/lib/tokens.ts`);
  const { createdReplies, ok } = await import(`${root}/server/src/lib/route.ts`);
  const contract = await import(`${root}/contract/performance-metrics.ts`);
  const dir = mkdtempSync(path.join(tmpdir(), 'spms-write-layers-ab-'));
  const file = path.join(dir, 'spms.sqlite');
  copyFileSync(base.sqliteFile, file);
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000000',
    ANONYMOUS_REQUESTS_PER_MINUTE: '1000000000',
  });
  const app: FastifyInstance = await buildApp({
    config,
    database: openDatabase({ sqliteFile: file }),
    tokens: createTokenService('x'.repeat(43), config.JWT_EXPIRES_IN),
  });
  app.post(
    '/api/bench-layers',
    {
      config: { access: 'hr' },
      schema: {
        body: contract.recordMetricValueBodySchema,
        response: createdReplies(contract.performanceMetricResultSchema),
      },
    },
    async (request, reply) => {
      const { value } = request.body as { value: number };
      return reply.code(201).send(
        ok('Performance metric recorded successfully', {
          performance_metric: { ...answered, value },
        }),
      );
    },
  );
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: base.accounts.manager, password: base.accounts.password },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  let n = 0;
  const post = (url: string) => async () => {
    n += 1;
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        user_id: 1 + ((n * 7919) % 1000),
        metric_type_id: 1 + (n % 50),
        value: (100 + ((n * 37) % 9900)) / 100,
        comment: 'Recorded by the benchmark',
      }),
    });
    if (answer.statusCode !== 201) throw new Error(answer.body);
  };
  return [
    ['GET /api/health', () => app.inject({ method: 'GET', url: '/api/health' })],
    ['the layers alone', post('/api/bench-layers')],
    ['POST /api/performance-metrics', post('/api/performance-metrics')],
  ];
}

const builds = [await build(path.resolve(other)), await build(projectRoot)];
for (let i = 0; i < 300; i++) for (const b of builds) for (const [, call] of b) await call();
for (let round = 1; round <= rounds; round++) {
  const spent = builds.map((b) => b.map(() => 0));
  for (let i = 0; i < calls; i++) {
    for (let k = 0; k < builds[0]!.length; k++) {
      for (const j of i % 2 ? [1, 0] : [0, 1]) {
        const before = cpu();
        await builds[j]![k]![1]();
        spent[j]![k]! += cpu() - before;
      }
    }
  }
  const figures = builds[0]!.map(
    ([label], k) =>
      `${label} ${Math.round(spent[0]![k]! / calls)} / ${Math.round(spent[1]![k]! / calls)}`,
  );
  console.log(`round ${round}, µs of CPU a call, other / this: ${figures.join(', ')}`);
}
process.exit(0);
