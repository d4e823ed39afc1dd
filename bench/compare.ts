/**
 * Compares two builds of the server on one loaded database: `npm run bench:compare --
 * [sqlite|postgres] [--small] [--rounds=4] [--seconds=2] [--repeated] --only=TEXT[|TEXT...]
 * --before=PATH [--before-schema=MIGRATION]`.
 *
 * PATH is a server bundle kept from before a change (`cp -r build/server build/server-before`,
 * then `--before=build/server-before/main.mjs`: inside the project, where the bundle finds its
 * packages); the other side is the current build. The machine's speed drifts by half over
 * minutes on the 2-core host, more than most changes move a route, so the two are started in
 * turn, the order alternating each round, on the same data: each start runs every matching
 * target once (every request a cache miss, unless `--repeated`), then stops. Each build has its
 * own copy of the loaded database, so a change that adds a migration is compared too: the kept
 * build's copy is run down to `--before-schema` (the last migration that build knows) and the
 * current build's stays at the latest. Prints each side's requests a second, p99, server CPU
 * per request (and PostgreSQL's) and the share of the time its event loop waited for a core,
 * round by round.
 */
import { sql } from 'kysely';
import { createBenchAccounts, signInAll, type BenchAccounts } from './accounts';
import { benchScale, readBenchData } from './bench-data';
import { copyBenchDatabase, createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { measureReads, type Measured } from './load';
import { startServer } from './server';
import { benchTargets, namedByOnly, type Target } from './targets';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const engine = args.includes('postgres') ? 'postgres' : 'sqlite';
const rounds = Number(option('rounds') ?? 4);
const seconds = Number(option('seconds') ?? 2);
const only = option('only');
const before = option('before');
if (!only || !before) throw new Error('--only=TEXT and --before=PATH are both needed');

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const bench = await createBenchDatabase(engine, 'compare');
try {
  const { db } = bench.database;
  await generateScaleData(db, benchScale(args.includes('--small')));
  const accounts = await createBenchAccounts(db);
  if (engine === 'postgres') await sql`analyze users`.execute(db);
  const targets = benchTargets(await readBenchData(db)).filter(
    (t) => t.budget === 'ceiling' || namedByOnly(t, only),
  );
  const copies = {
    before: await copyBenchDatabase(bench, 'before', option('before-schema')),
    after: await copyBenchDatabase(bench, 'after'),
  };
  try {
    await compare(targets, accounts, copies, before);
  } finally {
    for (const copy of Object.values(copies)) await copy.drop();
  }
} finally {
  await bench.drop();
}

async function compare(
  targets: Target[],
  accounts: BenchAccounts,
  copies: Record<'before' | 'after', { env: Record<string, string> }>,
  beforeEntry: string,
) {
  const sides = { before: beforeEntry, after: undefined } as const;
  const results: Record<keyof typeof sides, Measured[][]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    const order = (round % 2 ? ['after', 'before'] : ['before', 'after']) as (keyof typeof sides)[];
    for (const side of order) {
      const server = await startServer(copies[side].env, sides[side]);
      try {
        const tokens = await signInAll(server.url, accounts);
        const measured = await measureReads(server, targets, tokens, {
          connections: 50,
          seconds,
          rounds: 1,
          bypassCache: !args.includes('--repeated'),
        });
        results[side].push(measured);
        log(`round ${round + 1}/${rounds} ${side} done`);
      } finally {
        await server.stop();
      }
    }
  }

  for (const [i, target] of targets.entries()) {
    console.log(`\n${target.label}`);
    for (const side of ['before', 'after'] as const) {
      const runs = results[side].map((measured) => measured[i]!);
      const column = (pick: (m: Measured) => number | null) =>
        runs.map((m) => String(pick(m) ?? '-').padStart(6)).join('');
      console.log(`  ${side.padEnd(7)} req/s ${column((m) => m.rps)}`);
      console.log(`  ${''.padEnd(7)} p99   ${column((m) => m.p99)}`);
      console.log(`  ${''.padEnd(7)} µs    ${column((m) => m.cpu)}`);
      console.log(`  ${''.padEnd(7)} db µs ${column((m) => m.databaseCpu)}`);
      console.log(
        `  ${''.padEnd(7)} wait% ${column((m) => (m.waiting === null ? null : Math.round(m.waiting * 100)))}`,
      );
    }
  }
}
