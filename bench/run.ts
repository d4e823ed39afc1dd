/**
 * `npm run bench`: PRODUCT.md section 6 measured, and docs/benchmarks.md rewritten with it.
 *
 *   npm run bench [-- sqlite|postgres ...] [--seconds=2] [--rounds=3] [--connections=50]
 *     [--no-web] [--no-exports] [--no-docs] [--lighthouse-runs=3] [--only=TEXT] [--small]
 *     [--only-web] [--pages=TEXT] [--form-factor=mobile|desktop]
 *
 * For each engine: a fresh database (an SQLite file, or a new database on the PostgreSQL server
 * of BENCH_DATABASE_URL / TEST_DATABASE_URL), bulk-loaded with 10,000 staff, 50 metric types,
 * 1,000,000 metric values and 100,000 bonuses (plus accounts, questions and an audit trail), the
 * real server built and started in its own process, one sign-in per account, then every read
 * route of the OpenAPI document under autocannon beside GET /api/health, the write path, and
 * the server's memory; last, on the same database, the export step (bench/exports.ts): every CSV
 * export downloaded once for its time and the server's peak memory, a client that stops reading,
 * a list page while the big export runs, and the two CSV imports. Then the web app: gzipped
 * JavaScript per route and Lighthouse.
 *
 * `--only` measures only routes whose label contains TEXT, or one of `A|B` (plus health; `=TEXT`:
 * that label exactly), and the export step only for `--only=export`; `--no-exports` skips that
 * step; `--small` loads a tenth of the data.
 * `--only` and `--small` leave docs/benchmarks.md alone. Raw figures of every run go to
 * build/bench/.
 *
 * `--only-web` runs Lighthouse alone on the loaded SQLite server (no reads, exports or writes),
 * `--pages` keeps the Lighthouse pages whose name contains TEXT (`--pages=Dashboard`) and
 * `--form-factor` one of the two profiles: quick checks of a front-end change. Like `--only`,
 * they leave docs/benchmarks.md alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Engine } from '../server/src/db/database';
import { readInsightTotals } from '../server/src/modules/insights/insight-totals.repository';
// @ts-expect-error -- plain ES module shared with the bundle test
import { bundleDetails } from '../scripts/bundle-report.mjs';
// @ts-expect-error -- plain ES module shared with the test runner
import { findChromium } from '../scripts/environment.mjs';
import { createBenchAccounts, signInAll } from './accounts';
import { benchScale, readBenchData } from './bench-data';
import { createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { type FormFactor, type LighthouseResult } from './lighthouse';
import { measureReads, type Tokens } from './load';
import { measureWrites } from './writes';
import { measureExports, type ExportRun } from './exports';
import { measureImports } from './imports';
import { describeMachine, loadAverage } from './machine';
import { renderReport, webSection, writeReport, type BundleRow, type EngineRun } from './report';
import { ensureBuilt, projectRoot, startServer } from './server';
import { exportTargets } from './export-targets';
import { benchTargets, namedByOnly, unmeasuredRoutes } from './targets';
import { auditWeb } from './web-audit';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const numberOption = (name: string, fallback: number) => Number(option(name) ?? fallback);

const engines = (args.filter((arg) => !arg.startsWith('--')) as Engine[]).filter(Boolean);
const options = {
  connections: numberOption('connections', 50),
  seconds: numberOption('seconds', 2),
  rounds: numberOption('rounds', 3),
};
const only = option('only');
const small = flag('small');
const lighthouseRuns = numberOption('lighthouse-runs', 3);
const withWeb = !flag('no-web');
const onlyWeb = flag('only-web');
const lighthousePages = option('pages');
const formFactors = (option('form-factor')?.split(',') ?? ['mobile', 'desktop']) as FormFactor[];
const withExports = !onlyWeb && !flag('no-exports') && (!only || 'export'.includes(only));
const bothEngines = !engines.length || (engines.includes('sqlite') && engines.includes('postgres'));
/** docs/benchmarks.md is rewritten only by a whole run: every table it holds, from one run. */
const writeDocs =
  !flag('no-docs') &&
  bothEngines &&
  withWeb &&
  withExports &&
  !only &&
  !small &&
  !onlyWeb &&
  !lighthousePages &&
  !option('form-factor');

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function benchEngine(engine: Engine): Promise<{
  run: EngineRun;
  lighthouse: LighthouseResult[] | null;
}> {
  const bench = await createBenchDatabase(engine, 'run');
  const { db } = bench.database;
  const scale = benchScale(small);
  log(
    `${engine}: loading ${scale.employees} staff, 50 metric types, ${scale.metricValues} values, ${scale.bonuses} bonuses...`,
  );
  const summary = await generateScaleData(db, scale);
  log(
    `${engine}: loaded in ${summary.seconds.load.toFixed(1)} s, aggregated in ${summary.seconds.aggregate.toFixed(1)} s`,
  );
  const totals = await readInsightTotals(db);
  if (totals.totals.metric_values !== summary.metricValues) {
    throw new Error(`trigger totals disagree: ${JSON.stringify(totals.totals)}`);
  }
  const accounts = await createBenchAccounts(db);
  if (engine === 'postgres') await sql`analyze users`.execute(db);
  const data = await readBenchData(db);
  await bench.database.close();

  const server = await startServer(bench.env);
  try {
    const tokens: Tokens = await signInAll(server.url, accounts);
    const openapi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    let targets = benchTargets(data);
    const missing = unmeasuredRoutes(openapi, targets, exportTargets());
    if (missing.length) {
      throw new Error(`read routes with no benchmark target (bench/targets.ts): ${missing}`);
    }
    if (only) {
      targets = targets.filter((t) => t.budget === 'ceiling' || namedByOnly(t, only));
    }
    if (onlyWeb) targets = [];
    const before = loadAverage();
    log(`${engine}: ${targets.length} read targets; load average ${before}`);
    const reads = await measureReads(server, targets, tokens, options, (line) =>
      log(`${engine}: ${line}`),
    );
    if (targets.length) log(`${engine}: the same reads, every request a cache miss`);
    const computed = await measureReads(
      server,
      targets,
      tokens,
      { ...options, bypassCache: true },
      (line) => log(`${engine}: computed ${line}`),
    );
    const after = loadAverage();
    const afterReads = server.memory();

    let lighthouse: LighthouseResult[] | null = null;
    if (withWeb && engine === 'sqlite' && findChromium()) {
      try {
        lighthouse = await auditWeb(server, tokens, bench.env, {
          runs: lighthouseRuns,
          pageName: lighthousePages,
          formFactors,
          log,
        });
      } catch (error) {
        // Keep the run's other figures: the report says Lighthouse failed, and why.
        lighthouseError = (error as Error).message;
        log(`web: Lighthouse failed: ${lighthouseError}`);
      }
    }

    // The exports on the data as loaded (1,000,000 metric values); the step resets the peak
    // memory figure, so the peak so far is kept first.
    const peakBeforeExports = server.memory()?.peakRss ?? null;
    let exports: ExportRun | null = null;
    if (withExports) {
      log(`${engine}: CSV exports`);
      exports = await measureExports(server, exportTargets(), tokens, { small }, (line) =>
        log(`${engine}: ${line}`),
      );
      server.resetPeak();
    }

    let write: EngineRun['write'] = null;
    if (!onlyWeb) {
      log(`${engine}: writes`);
      write = await measureWrites(
        server,
        tokens.manager[0]!,
        data.employeeIds,
        data.metricTypeIds,
        {
          connections: options.connections,
          seconds: 10,
        },
      );
      log(`${engine}: ${write.rps} values/s, p99 ${write.p99} ms, ${write.failures} failed`);
    }
    const final = server.memory();

    // Last: they add staff and values.
    if (exports) {
      log(`${engine}: CSV imports`);
      exports.imports = await measureImports(server, tokens, { small }, (line) =>
        log(`${engine}: ${line}`),
      );
    }
    return {
      run: {
        engine,
        scale: summary,
        loadSeconds: summary.seconds,
        reads,
        computed,
        write,
        memory:
          afterReads && final && peakBeforeExports !== null
            ? { afterReads: afterReads.rss, peak: Math.max(peakBeforeExports, final.peakRss) }
            : null,
        exports,
        loadAverage: { before, after },
      },
      lighthouse,
    };
  } finally {
    await server.stop();
    await bench.drop();
  }
}

const started = Date.now();
ensureBuilt();
const machine = await describeMachine(findChromium());
log(`machine: ${machine.cpu}, ${machine.cores} cores; load average ${loadAverage()}`);
// Refused at the start, not found missing after half an hour (the Lighthouse tables would have
// gone from the docs without a word).
const missing = [
  !machine.chromium && "Chromium (Debian's chromium, or CHROMIUM_PATH)",
  !machine.postgres && 'PostgreSQL (BENCH_DATABASE_URL)',
].filter(Boolean);
if (writeDocs && missing.length) {
  throw new Error(
    `a whole run rewrites docs/benchmarks.md and needs ${missing.join(' and ')}; ` +
      'install it, or pass --no-docs',
  );
}
const runs: EngineRun[] = [];
let lighthouse: LighthouseResult[] | null = null;
let lighthouseError: string | null = null;
// Lighthouse runs on the SQLite server only.
const defaultEngines: Engine[] = onlyWeb ? ['sqlite'] : ['sqlite', 'postgres'];
for (const engine of engines.length ? engines : defaultEngines) {
  if (engine === 'postgres' && !machine.postgres) {
    log('postgres: no server reachable at BENCH_DATABASE_URL / TEST_DATABASE_URL, skipped');
    continue;
  }
  const result = await benchEngine(engine);
  runs.push(result.run);
  lighthouse ??= result.lighthouse;
}
const bundles: BundleRow[] | null = withWeb
  ? Object.entries(
      bundleDetails(path.join(projectRoot, 'web/dist')) as Record<
        string,
        { route: string; bytes: number; pageBytes: number }
      >,
    ).map(([name, d]) => ({ name, route: d.route, bytes: d.bytes, pageBytes: d.pageBytes }))
  : null;

const report = {
  machine,
  options,
  minutes: (Date.now() - started) / 60_000,
  engines: runs,
  bundles,
  lighthouse,
  lighthouseError,
};
const rawDir = path.join(projectRoot, 'build/bench');
mkdirSync(rawDir, { recursive: true });
const rawFile = path.join(rawDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(rawFile, JSON.stringify(report, null, 2));
// Without reads the engine tables would be empty: the web part alone.
const markdown = onlyWeb ? webSection(report) : renderReport(report);
console.log(`\n${markdown}`);
log(`raw figures: ${path.relative(projectRoot, rawFile)}`);
if (writeDocs) {
  await writeReport(path.join(projectRoot, 'docs/benchmarks.md'), markdown);
  log('docs/benchmarks.md updated');
}
