import type { Imported } from './imports';
import { cpuSecondsSince, type RunningServer } from './server';
import type { Tokens } from './load';
import { METRIC_VALUES_EXPORT, type ExportTarget } from './export-targets';

/**
 * The export step of `npm run bench` (issue 8's measurement), on each engine's loaded database
 * after the reads: every CSV export downloaded once, by one client, for its time, rows a second,
 * first byte, server CPU and the server's resident memory (RSS) before it and at its peak while
 * it streams (VmHWM, reset before each download); the metric values export again with a client
 * that stops reading for 5 s (backpressure must hold the server, not fill its memory); the
 * latency of a list page while the big export runs. The imports are measured after the writes
 * (imports.ts).
 */

const MB = 2 ** 20;

export interface Download {
  label: string;
  path: string;
  seconds: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
  /** Server CPU time over the download, in seconds (null off Linux). */
  cpuSeconds: number | null;
  rssBefore: number | null;
  peakRss: number | null;
}

export interface ListLatency {
  requests: number;
  p50: number;
  max: number;
}

export interface ExportRun {
  /** Server RSS after the warm-up, before the first measured download. */
  idleRss: number | null;
  downloads: Download[];
  /** The metric values export with a client that pauses for `pauseSeconds` after `pauseAfter` bytes. */
  paused: Download & { pauseAfter: number; pauseSeconds: number };
  /** A list page of 50 metric values (a cache miss each time), every 100 ms: alone, and during the export. */
  listUrl: string;
  listIdle: ListLatency;
  listDuring: ListLatency;
  /** Filled in by `measureImports`, after the writes. */
  imports: Imported[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Downloads `path`, optionally not reading for `pause.ms` once `pause.after` bytes are in. */
async function download(
  server: RunningServer,
  label: string,
  path: string,
  token: string,
  pause?: { after: number; ms: number },
): Promise<Download> {
  server.resetPeak();
  const rssBefore = server.memory()?.rss ?? null;
  const cpuBefore = server.cpuMicros();
  const started = performance.now();
  const response = await fetch(server.url + path, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
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
      await sleep(pause.ms);
    }
  }
  return {
    label,
    path,
    seconds: (performance.now() - started) / 1000,
    firstByteMs,
    bytes,
    // Every line ends in CRLF; the first is the header. (No generated cell holds a line break.)
    rows: lines - 1,
    cpuSeconds: cpuSecondsSince(server, cpuBefore),
    rssBefore,
    peakRss: server.memory()?.peakRss ?? null,
  };
}

let unique = 0;

/** Latency of `url` (a URL of its own each time, so never a cache hit) every 100 ms. */
async function listLatency(
  server: RunningServer,
  url: string,
  token: string,
  keepGoing: () => boolean,
): Promise<ListLatency> {
  const latencies: number[] = [];
  while (keepGoing()) {
    const started = performance.now();
    const response = await fetch(`${server.url}${url}&bench=export-${unique++}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    latencies.push(performance.now() - started);
    await sleep(100);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    max: latencies.at(-1) ?? 0,
  };
}

async function listTotal(server: RunningServer, url: string, token: string): Promise<number> {
  const response = await fetch(server.url + url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data?: { pagination?: { total: number } } };
  const total = body.data?.pagination?.total;
  if (!response.ok || total === undefined) throw new Error(`${url}: no pagination total`);
  return total;
}

export async function measureExports(
  server: RunningServer,
  targets: ExportTarget[],
  tokens: Tokens,
  options: { small: boolean },
  onProgress: (line: string) => void = () => undefined,
): Promise<ExportRun> {
  const tokenOf = (target: ExportTarget) => tokens[target.role][0]!;
  const hr = tokens.manager[0]!;
  const listUrl = '/api/performance-metrics?limit=50';

  // Warm up the code paths and statement caches.
  await download(server, 'warm-up', '/api/employees/export.csv', hr);
  await download(server, 'warm-up', `${METRIC_VALUES_EXPORT}?user_id=1`, hr);
  let warm = 0;
  await listLatency(server, listUrl, hr, () => warm++ < 20);
  const idleRss = server.memory()?.rss ?? null;
  let idle = 0;
  const listIdle = await listLatency(server, listUrl, hr, () => idle++ < 30);

  const downloads: Download[] = [];
  let listDuring: ListLatency | null = null;
  for (const target of targets) {
    const expected = target.countFrom
      ? await listTotal(server, target.countFrom, tokenOf(target))
      : null;
    let measured: Download;
    if (target.route === METRIC_VALUES_EXPORT) {
      let running = true;
      const during = download(server, target.label, target.path, tokenOf(target)).finally(
        () => (running = false),
      );
      listDuring = await listLatency(server, listUrl, hr, () => running);
      measured = await during;
    } else {
      measured = await download(server, target.label, target.path, tokenOf(target));
    }
    if (expected !== null && measured.rows !== expected) {
      throw new Error(`${target.path}: ${measured.rows} rows, the list says ${expected}`);
    }
    downloads.push(measured);
    onProgress(
      `${target.label}: ${measured.rows} rows in ${measured.seconds.toFixed(1)} s, peak RSS ${Math.round((measured.peakRss ?? 0) / MB)} MiB`,
    );
  }

  const pause = { after: (options.small ? 2 : 20) * MB, ms: 5000 };
  const pausedDownload = await download(
    server,
    'metric values, client pausing',
    METRIC_VALUES_EXPORT,
    hr,
    pause,
  );
  const paused = { ...pausedDownload, pauseAfter: pause.after, pauseSeconds: pause.ms / 1000 };
  onProgress(
    `metric values, client pausing 5 s: ${paused.seconds.toFixed(1)} s, peak RSS ${Math.round((paused.peakRss ?? 0) / MB)} MiB`,
  );
  if (!listDuring) throw new Error(`no export target for ${METRIC_VALUES_EXPORT}`);
  return { idleRss, downloads, paused, listUrl, listIdle, listDuring, imports: [] };
}
