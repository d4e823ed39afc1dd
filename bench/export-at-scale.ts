import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine } from '../server/src/db/database';
import { nowIso } from '../server/src/lib/clock';
import { createTokenService } from '../server/src/lib/tokens';
import { createBenchDatabase } from './databases';
import { generateScaleData } from './generate';

/**
 * Issue 8's measurement: the CSV export of 1,000,000 metric values (10,000 staff, 100,000
 * bonuses), on SQLite and PostgreSQL: time, throughput, and the server process's resident
 * memory (RSS) at rest and at its peak while it streams; then the same with a client that stops
 * reading for a few seconds (backpressure must hold the server, not fill its memory), and how
 * quickly an ordinary list request is answered while an export runs.
 *
 *   npx tsx bench/export-at-scale.ts [sqlite|postgres ...] [--values=1000000]
 *
 * The server runs in its own process (as bench/server.ts starts it, with its pid kept for
 * /proc); its peak RSS is /proc/<pid>/status VmHWM, reset before each run through clear_refs.
 */

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const engines = args.filter((arg) => !arg.startsWith('--')) as Engine[];
const valueCount = option('values', 1_000_000);

const MB = 1024 * 1024;

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/src/main.ts')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Starts a new peak: writing 5 to clear_refs resets VmHWM to the current RSS (Linux). */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

interface Download {
  seconds: number;
  firstByteMs: number;
  bytes: number;
  lines: number;
  baselineRss: number;
  peakRss: number;
}

/** Downloads `url`, optionally stopping reading for `pauseMs` once `pauseAfter` bytes are in. */
async function download(
  server: Server,
  url: string,
  token: string,
  pause?: { after: number; ms: number },
): Promise<Download> {
  resetPeak(server.pid);
  const baselineRss = memoryOf(server.pid).rss;
  const started = performance.now();
  const response = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  let paused = false;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.length;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines += 1;
    if (pause && !paused && bytes >= pause.after) {
      paused = true;
      await new Promise((resolve) => setTimeout(resolve, pause.ms));
    }
  }
  return {
    seconds: (performance.now() - started) / 1000,
    firstByteMs,
    bytes,
    lines,
    baselineRss,
    peakRss: memoryOf(server.pid).peak,
  };
}

/** Latency of a list page requested every 100 ms while `during` runs. */
async function latencyWhile<T>(server: Server, url: string, token: string, during: Promise<T>) {
  const latencies: number[] = [];
  let running = true;
  void during.finally(() => (running = false));
  while (running) {
    const started = performance.now();
    const response = await fetch(server.url + url, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  latencies.sort((a, b) => a - b);
  return {
    result: await during,
    requests: latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    max: latencies.at(-1) ?? 0,
  };
}

interface Imported {
  label: string;
  rows: number;
  megabytes: number;
  seconds: number;
  peakRss: number;
  baselineRss: number;
}

/** Times an import the way the screen sends it: the whole file in one request. */
async function postImport(
  server: Server,
  token: string,
  label: string,
  url: string,
  csv: string,
  dryRun = false,
): Promise<Imported> {
  const body = JSON.stringify({ csv, mode: 'all_or_nothing', dry_run: dryRun });
  resetPeak(server.pid);
  const baselineRss = memoryOf(server.pid).rss;
  const started = performance.now();
  const response = await fetch(server.url + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as {
    data?: { report: { total_rows: number; valid_rows: number; imported: number } };
  };
  const seconds = (performance.now() - started) / 1000;
  const report = answer.data?.report;
  const expected = dryRun ? 0 : report?.total_rows;
  if (!report || report.valid_rows !== report.total_rows || report.imported !== expected) {
    throw new Error(`${label}: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return {
    label,
    rows: report.total_rows,
    megabytes: body.length / MB,
    seconds,
    baselineRss,
    peakRss: memoryOf(server.pid).peak,
  };
}

/** 10,000 new staff, and 100,000 metric values of existing staff (checked, then stored). */
async function measureImports(server: Server, token: string) {
  const staff = [
    'first_name,last_name,email,position,department,join_date,salary,employment_type,location',
  ];
  for (let i = 0; i < 10_000; i++) {
    staff.push(
      `New${i},Hire${i},new.hire.${i}@example.org,Lecturer,CIT,2024-02-01,${40_000 + i},full-time,remote`,
    );
  }
  const exported = await fetch(`${server.url}/api/employees/export.csv`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.text());
  const emails = exported
    .split('\r\n')
    .slice(1, 5001)
    .map((line) => line.split(',')[3]!);
  const values = ['employee_email,metric_name,value,created_at,comment'];
  for (let i = 0; i < 100_000; i++) {
    values.push(
      `${emails[i % emails.length]},Teaching Quality,${Math.floor((i % 9900) / 100) + 1}.${String(i % 100).padStart(2, '0')},2024-0${(i % 9) + 1}-15,Imported ${i}`,
    );
  }
  const valueCsv = values.join('\r\n');
  return [
    await postImport(
      server,
      token,
      'staff, 10,000 rows',
      '/api/employees/import',
      staff.join('\r\n'),
    ),
    await postImport(
      server,
      token,
      'metric values, 100,000 rows, dry run',
      '/api/performance-metrics/import',
      valueCsv,
      true,
    ),
    await postImport(
      server,
      token,
      'metric values, 100,000 rows',
      '/api/performance-metrics/import',
      valueCsv,
    ),
  ];
}

async function benchEngine(engine: Engine) {
  const bench = await createBenchDatabase(engine, 'export');
  const { db } = bench.database;
  console.log(
    `\n[${engine}] loading 10,000 staff, ${valueCount.toLocaleString('en-US')} metric values, 100,000 bonuses...`,
  );
  const summary = await generateScaleData(db, { metricValues: valueCount });
  console.log(
    `[${engine}] loaded in ${summary.seconds.load.toFixed(1)} s, aggregated in ${summary.seconds.aggregate.toFixed(1)} s`,
  );
  const secret = randomBytes(32).toString('base64url');
  const now = nowIso();
  const admin = await db
    .insertInto('users')
    .values({
      email: 'export.bench@example.com',
      firstname: 'Export',
      lastname: 'Bench',
      user_type: 'admin',
      employee_id: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createTokenService(secret, '8h').sign(admin.id);
  await bench.database.close();

  const server = await startServer({ ...bench.env, JWT_SECRET: secret });
  try {
    // Warm up the code paths and statement caches.
    await download(server, '/api/employees/export.csv', token);
    await download(server, '/api/performance-metrics/export.csv?user_id=1', token);
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/performance-metrics?limit=50`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.arrayBuffer());
    }
    const idle = memoryOf(server.pid).rss;

    const full = await latencyWhile(
      server,
      '/api/performance-metrics?limit=50',
      token,
      download(server, '/api/performance-metrics/export.csv', token),
    );
    if (full.result.lines !== valueCount + 1) {
      throw new Error(`expected ${valueCount + 1} lines, got ${full.result.lines}`);
    }
    const slow = await download(server, '/api/performance-metrics/export.csv', token, {
      after: 20 * MB,
      ms: 5000,
    });
    const staff = await download(server, '/api/employees/export.csv', token);
    const bonuses = await download(server, '/api/bonuses/export.csv', token);
    const imports = await measureImports(server, token);
    return { engine, idle, full, slow, staff, bonuses, imports };
  } finally {
    await server.stop();
    await bench.drop();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(0);

function row(label: string, d: Download) {
  const rows = d.lines - 1;
  return `| ${label} | ${rows.toLocaleString('en-US')} | ${mb(d.bytes)} MB | ${d.seconds.toFixed(1)} s | ${Math.round(rows / d.seconds).toLocaleString('en-US')} | ${Math.round(d.firstByteMs)} ms | ${mb(d.baselineRss)} MB | ${mb(d.peakRss)} MB (+${mb(d.peakRss - d.baselineRss)}) |`;
}

for (const engine of engines.length ? engines : (['sqlite', 'postgres'] as const)) {
  const r = await benchEngine(engine);
  console.log(`\n### ${engine}\n`);
  console.log(
    '| export | rows | size | time | rows/s | first byte | server RSS before | server peak RSS |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('metric values', r.full.result));
  console.log(row('metric values, client pausing 5 s after 20 MB', r.slow));
  console.log(row('staff', r.staff));
  console.log(row('bonuses', r.bonuses));
  console.log(
    '\n| import (one request, all or nothing) | rows | body | time | rows/s | server RSS before | server peak RSS |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const i of r.imports) {
    console.log(
      `| ${i.label} | ${i.rows.toLocaleString('en-US')} | ${i.megabytes.toFixed(1)} MB | ${i.seconds.toFixed(1)} s | ${Math.round(i.rows / i.seconds).toLocaleString('en-US')} | ${mb(i.baselineRss)} MB | ${mb(i.peakRss)} MB (+${mb(i.peakRss - i.baselineRss)}) |`,
    );
  }
  console.log(
    `\nServer RSS at rest after warm-up: ${mb(r.idle)} MB. During the 1,000,000-value export, ` +
      `GET /api/performance-metrics?limit=50 every 100 ms: ${r.full.requests} requests, ` +
      `p50 ${r.full.p50.toFixed(1)} ms, max ${r.full.max.toFixed(1)} ms.`,
  );
}
