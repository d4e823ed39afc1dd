/**
 * Profiles the server under load on one or more read routes: `npm run bench:profile --
 * [sqlite|postgres] [--small] [--seconds=10] --only=TEXT` (`--only==LABEL`: that route alone;
 * `A|B`: routes matching either), or on recording metric values: `--writes` instead of `--only`
 * (the bench's own write load, bench/writes.ts).
 * Loads a fresh database as `npm run bench` does, starts the built server with `--cpu-prof`, runs
 * every matching target with 50 connections and every request a cache miss, then prints where the
 * server's CPU time went (self time by function and by package, and, for writes, the time spent
 * in the statements of each source file below them). The raw `.cpuprofile` (open it in Chrome's
 * DevTools) stays in build/bench/profiles/.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createBenchAccounts, signInAll } from './accounts';
import { benchScale, readBenchData } from './bench-data';
import { createBenchDatabase } from './databases';
import { generateScaleData } from './generate';
import { measureReads } from './load';
import { measureWrites } from './writes';
import { projectRoot, startServer } from './server';
import { benchTargets, namedByOnly } from './targets';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const engine = args.includes('postgres') ? 'postgres' : 'sqlite';
const small = args.includes('--small');
const seconds = Number(option('seconds') ?? 10);
const only = option('only');
const writes = args.includes('--writes');
if (!only && !writes) {
  throw new Error('--only=TEXT names the routes to profile (see bench/targets.ts), or --writes');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds of the monotonic clock V8 stamps its samples with (the same in every process). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The profile cut to the samples taken between `from` and `to` (monotonic microseconds): the
 * load alone, not the server's start and the sign-ins (argon2 and module loading would otherwise
 * weigh in every share).
 */
function within(profile: CpuProfile, from: number, to: number): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    if (at >= from && at <= to) {
      samples.push(id);
      timeDeltas.push(profile.timeDeltas[i]!);
    }
  });
  return { ...profile, samples, timeDeltas };
}

function shortUrl(url: string): string {
  if (url.includes('node_modules/')) return url.split('node_modules/').pop()!;
  return url.split('/').slice(-2).join('/');
}

function packageOf(url: string): string {
  if (url.includes('node_modules/')) return url.split('node_modules/').pop()!.split('/')[0]!;
  return url ? url.split('/').pop()! : '(native)';
}

/** Self time by function and by package, as shares of the busy (non-idle) time. */
function summarise(profile: CpuProfile, top = 40): string[] {
  const time = new Map<number, number>();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + profile.timeDeltas[i]!));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const spent = time.get(node.id) ?? 0;
    busy += spent;
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + spent);
    const pkg = packageOf(url) || functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + spent);
  }
  const lines = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, spent]) => `${((spent / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `busy ${(busy / 1e6).toFixed(1)} s`,
    '--- self time by function',
    ...lines(byFunction, top),
    '--- by package',
    ...lines(byPackage, 20),
  ];
}

/**
 * Total time (self and below) per source file of the project, by the nearest project frame
 * above each sample: where a request's time goes by module (the route, the guard, the audit
 * writer, the driver below a repository...), as shares of the busy time.
 */
function byProjectFile(profile: CpuProfile, top = 25): string[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = (url: string) => url.includes('/server/src/') || url.includes('/build/server/');
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    const spent = profile.timeDeltas[i]!;
    busy += spent;
    let at: ProfileNode | undefined = node;
    while (at && !own(at.callFrame.url)) at = nodes.get(parent.get(at.id) ?? -1);
    const name = at
      ? `${at.callFrame.functionName || '(anonymous)'} ${shortUrl(at.callFrame.url)}:${at.callFrame.lineNumber + 1}`
      : '(no project frame)';
    time.set(name, (time.get(name) ?? 0) + spent);
  });
  return [
    '--- by nearest project function (self and everything below it)',
    ...[...time]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, spent]) => `${((spent / busy) * 100).toFixed(1).padStart(5)}%  ${name}`),
  ];
}

const bench = await createBenchDatabase(engine, 'profile');
try {
  const scale = benchScale(small);
  console.log(`${engine}: loading ${scale.employees} staff, ${scale.metricValues} values...`);
  await generateScaleData(bench.database.db, scale);
  const accounts = await createBenchAccounts(bench.database.db);
  if (engine === 'postgres') await sql`analyze`.execute(bench.database.db);
  const data = await readBenchData(bench.database.db);
  await bench.database.close();

  const dir = path.join(projectRoot, 'build/bench/profiles');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
  const server = await startServer(bench.env);
  const targets = only ? benchTargets(data).filter((t) => namedByOnly(t, only)) : [];
  let loadFrom = 0;
  let loadTo = Infinity;
  try {
    const tokens = await signInAll(server.url, accounts);
    loadFrom = monotonicMicros();
    if (writes) {
      const write = await measureWrites(
        server,
        tokens.manager[0]!,
        data.employeeIds,
        data.metricTypeIds,
        { connections: 50, seconds },
      );
      console.log(
        `writes: ${write.rps} values/s, p99 ${write.p99} ms, ${write.failures} failed, server CPU ${write.cpu} µs/write`,
      );
    }
    const measured = await measureReads(
      server,
      targets,
      tokens,
      { connections: 50, seconds, rounds: 1, bypassCache: true },
      console.log,
    );
    for (const m of measured) {
      console.log(`${m.target.label}: ${m.rps} req/s, p99 ${m.p99} ms, server CPU ${m.cpu} µs/req`);
    }
    loadTo = monotonicMicros();
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  const whole = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const cut = within(whole, loadFrom, loadTo);
  // A clock V8 would not share with this process leaves nothing: the whole profile then.
  const profile = cut.samples.length ? cut : whole;
  if (!cut.samples.length) console.log('(the load could not be told apart: the whole run)');
  console.log(summarise(profile).join('\n'));
  if (writes) console.log(byProjectFile(profile).join('\n'));
  console.log(`profile: ${path.join(dir, file)}`);
} finally {
  await bench.drop();
}
