/**
 * The bench's write load (writes.ts: 50 connections recording metric values) against two builds
 * side by side, with `/api/health` measured by the same server just before, as the budget is a
 * ratio to it: `npx tsx bench/write-compare.ts sqlite|postgres --before=PATH
 * [--before-schema=MIGRATION] [--rounds=3] [--seconds=10]`. As compare.ts: PATH is a kept server
 * bundle, started in turn with the current build, the order alternating each round; each start
 * gets a fresh copy of one loaded `--small` database (the kept build's run down to
 * `--before-schema`). Prints per run values a second, p99, health's requests a second, server
 * (and PostgreSQL) CPU µs per write, the load average, and whether any answered write is missing
 * from the table. `--drop=PREFIX,...` measures a variant (dropTriggers).
 */
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/database';
import { createBenchAccounts, signInAll } from './accounts';
import { benchScale, readBenchData } from './bench-data';
import { copyBenchDatabase, createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { measureReads } from './load';
import { startServer } from './server';
import { benchTargets } from './targets';
import { measureWrites } from './writes';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const engine = args.includes('postgres') ? 'postgres' : 'sqlite';
const rounds = Number(option('rounds') ?? 3);
const seconds = Number(option('seconds') ?? 10);
const before = option('before');
if (!before) throw new Error('--before=PATH is needed');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const bench = await createBenchDatabase(engine, 'write_compare');
try {
  const { db } = bench.database;
  log('loading --small');
  await generateScaleData(db, benchScale(true));
  const accounts = await createBenchAccounts(db);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  const data = await readBenchData(db);
  const health = benchTargets(data).filter((t) => t.budget === 'ceiling');
  const rows: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
    for (const side of order) {
      const copy = await copyBenchDatabase(
        bench,
        `${side}${round}`,
        side === 'before' ? option('before-schema') : null,
      );
      try {
        await dropTriggers(copy.env);
        const server = await startServer(copy.env, side === 'before' ? before : undefined);
        try {
          const tokens = await signInAll(server.url, accounts);
          const [h] = await measureReads(server, health, tokens, {
            connections: 50,
            seconds: 2,
            rounds: 1,
            bypassCache: true,
          });
          const valuesBefore = await countValues(copy.env);
          const w = await measureWrites(
            server,
            tokens.manager[0]!,
            data.employeeIds,
            data.metricTypeIds,
            {
              connections: 50,
              seconds,
            },
          );
          // Let the requests in flight finish before counting.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const stored = (await countValues(copy.env)) - valuesBefore;
          const answered = w.requests - w.failures;
          const line =
            `${side.padEnd(6)} round ${round + 1}: ${w.rps} values/s, p99 ${w.p99} ms ` +
            `(steady ${w.p99Steady}), health ${h!.rps} req/s (${((100 * w.rps) / h!.rps).toFixed(1)}%), ` +
            `server ${w.cpu} µs/write, db ${w.databaseCpu ?? '-'} µs/write, ` +
            `${w.failures} failed, ${stored >= answered ? 'none lost' : `${answered - stored} LOST`}, ` +
            `load ${w.load.toFixed(1)}`;
          rows.push(line);
          log(line);
        } finally {
          await server.stop();
        }
      } finally {
        await copy.drop();
      }
    }
  }
  console.log(`\n${engine}, ${seconds} s of writes a run:\n${rows.sort().join('\n')}`);
} finally {
  await bench.drop();
}

/**
 * `--drop=PREFIX,...`: a variant, both sides with the triggers whose names start so dropped (e.g.
 * `data_version_,list_totals_`: what other changes replace).
 */
async function dropTriggers(env: Record<string, string>): Promise<void> {
  const prefixes = option('drop')?.split(',').filter(Boolean) ?? [];
  if (prefixes.length === 0) return;
  const database = openDatabase(
    env.DATA_DIR
      ? { sqliteFile: path.join(env.DATA_DIR, 'spms.sqlite') }
      : { databaseUrl: env.DATABASE_URL! },
  );
  try {
    const { rows } = env.DATA_DIR
      ? await sql<{ name: string; table: string }>`select name, tbl_name as "table"
          from sqlite_master where type = 'trigger'`.execute(database.db)
      : await sql<{ name: string; table: string }>`select t.tgname as name, c.relname as "table"
          from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`.execute(
          database.db,
        );
    for (const row of rows) {
      if (!prefixes.some((prefix) => row.name.startsWith(prefix))) continue;
      const on = env.DATA_DIR ? sql`` : sql` on ${sql.id(row.table)}`;
      await sql`drop trigger ${sql.id(row.name)}${on}`.execute(database.db);
    }
  } finally {
    await database.close();
  }
}

async function countValues(env: Record<string, string>): Promise<number> {
  const database = openDatabase(
    env.DATA_DIR
      ? { sqliteFile: path.join(env.DATA_DIR, 'spms.sqlite') }
      : { databaseUrl: env.DATABASE_URL! },
  );
  try {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from performance_metrics`.execute(database.db);
    return Number(rows[0]!.n);
  } finally {
    await database.close();
  }
}
