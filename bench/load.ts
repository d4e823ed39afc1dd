import { loadavg } from 'node:os';
import autocannon, { type RequestParams, type Result } from 'autocannon';
import { answerLog } from './answer-log';
import type { RunningServer } from './server';
import type { Role, Target } from './targets';

/**
 * Load with autocannon against the server in its own process. Every target runs once for a
 * second to warm up, then in `rounds` interleaved rounds, each target in turn: whatever else
 * runs on the machine then weighs on every route alike, and health, measured in the same rounds,
 * is the ceiling the ratios are taken against.
 */

export interface LoadOptions {
  connections: number;
  /** Seconds a target runs in each round. */
  seconds: number;
  rounds: number;
  /**
   * Give every request a URL of its own (an extra query parameter the routes ignore), so none is
   * answered from the response cache: what a first read of each page costs. Otherwise each
   * account asks again with the `ETag` of its last answer to the same URL, as the web client
   * does, and an unchanged answer comes back `304` (server/src/plugins/etag.ts).
   */
  bypassCache?: boolean;
}

export type Tokens = Record<Exclude<Role, 'public'>, string[]>;

export interface Measured {
  target: Target;
  requests: number;
  rps: number;
  /** Median over the rounds, of requests sent once every connection was open (`steadyLatencies`). */
  p50: number;
  /** Median and worst over the rounds, likewise. */
  p99: number;
  p99Worst: number;
  /** Median over the rounds of the p99 of every request, those waiting for their connection too. */
  p99WithConnecting: number;
  failures: number;
  /** Server CPU per request in microseconds: what the route costs, whatever else runs. */
  cpu: number | null;
  /**
   * The share of the measured seconds the server's event loop was ready to run but waiting for a
   * core (0 to 1): on a machine the server shares with its database and the load generator, what
   * stretches its answers beyond what the route costs.
   */
  waiting: number | null;
  /** The load generator's own CPU per request in microseconds (this process). */
  clientCpu: number;
  /** PostgreSQL's CPU per request in microseconds (null on SQLite). */
  databaseCpu: number | null;
  /** One-minute load average after each round. */
  load: number[];
}

const notModified = (result: Result) => result.statusCodeStats?.['304']?.count ?? 0;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

let unique = 0;

/**
 * The latencies of the requests sent once every connection was open and had been answered.
 *
 * Each run opens its 50 connections at once, and libuv accepts one new connection per turn of
 * the event loop (libuv/libuv#3696, since 1.45): while the server works through the first
 * connections' requests, a turn lasts tens of milliseconds, so the last connections wait up to
 * a second before their first request is even read, whatever the route. A browser keeps its
 * connection open for minutes; what a route's p99 must show is how long its answers take once
 * the clients are connected. The p99 of every request is kept too (`p99WithConnecting`).
 */
export function steadyLatencies(
  instance: ReturnType<typeof autocannon>,
  connections: number,
): number[] {
  const answered = new Set<unknown>();
  let steadyFrom = Infinity;
  const latencies: number[] = [];
  instance.on('response', (client, _status, _bytes, responseTimeMs) => {
    const now = performance.now();
    if (answered.size < connections) {
      answered.add(client);
      if (answered.size === connections) steadyFrom = now;
    } else if (now - responseTimeMs >= steadyFrom) {
      latencies.push(responseTimeMs);
    }
  });
  return latencies;
}

/** The `fraction` percentile of `values`, in whole milliseconds as autocannon gives its own. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!);
}

async function run(
  url: string,
  target: Target,
  tokens: Tokens,
  connections: number,
  seconds: number,
  bypassCache = false,
) {
  const own = target.role === 'public' ? null : tokens[target.role];
  let nextToken = 0;
  let nextPath = 0;
  const paths = target.paths;
  const nextUrl = () => {
    const path = paths[nextPath++ % paths.length]!;
    return bypassCache ? `${path}${path.includes('?') ? '&' : '?'}bench=${unique++}` : path;
  };
  // The last tag each account was given for each URL, as the web client keeps them.
  const tags = new Map<string, string>();
  const revalidated = (request: RequestParams, context: Record<string, unknown>) => {
    const key = `${request.headers?.authorization ?? ''} ${request.path}`;
    context.key = key;
    const tag = tags.get(key);
    return tag ? { ...request, headers: { ...request.headers, 'if-none-match': tag } } : request;
  };
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    ...(own && {
      // One account per connection: 50 employees spread over the ranking for employee routes.
      setupClient: (client) =>
        client.setHeaders({ authorization: `Bearer ${own[nextToken++ % own.length]}` }),
    }),
    requests: [
      {
        method: 'GET',
        path: paths[0]!,
        setupRequest: (request, context) =>
          bypassCache
            ? { ...request, path: nextUrl() }
            : revalidated({ ...request, path: nextUrl() }, context),
        ...(!bypassCache && {
          onResponse: (_status, _body, context, headers) => {
            if (headers.etag && typeof context.key === 'string')
              tags.set(context.key, headers.etag);
          },
        }),
      },
    ],
  });
  const steady = steadyLatencies(instance, connections);
  const answers = answerLog(
    instance,
    `${bypassCache ? 'computed' : 'repeated'} ${target.label}`,
    started,
  );
  const result = await instance;
  answers?.save();
  // A round too short (or too broken) for every connection to answer keeps autocannon's figures.
  if (steady.length === 0)
    return { ...result, steady: { p50: result.latency.p50, p99: result.latency.p99 } };
  return { ...result, steady: { p50: percentile(steady, 0.5), p99: percentile(steady, 0.99) } };
}

/**
 * Waits until the server has worked off what the last run left queued (requests of closed
 * connections still run), so it does not eat into the next route's time: a health check
 * answered quickly twice in a row.
 */
async function settle(url: string) {
  for (let quick = 0, tries = 0; quick < 2 && tries < 100; tries++) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function measureReads(
  server: RunningServer,
  targets: Target[],
  tokens: Tokens,
  options: LoadOptions,
  onProgress: (line: string) => void = () => undefined,
): Promise<Measured[]> {
  const bypass = options.bypassCache ?? false;
  for (const target of targets) {
    await run(server.url, target, tokens, options.connections, 1, bypass);
    await settle(server.url);
  }
  const samples = targets.map(() => [] as Awaited<ReturnType<typeof run>>[]);
  const spent = targets.map(() => ({ cpu: 0, wait: 0, database: 0, client: 0 }) as Spent);
  const load = targets.map(() => [] as number[]);
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const before = reading(server);
      const result = await run(
        server.url,
        target,
        tokens,
        options.connections,
        options.seconds,
        bypass,
      );
      spent[i] = add(spent[i]!, since(server, before));
      await settle(server.url);
      samples[i]!.push(result);
      load[i]!.push(loadavg()[0]!);
      onProgress(
        `round ${round + 1}/${options.rounds} ${target.label}: ${Math.round(result.requests.average)} req/s, p99 ${result.steady.p99} ms (${result.latency.p99} ms with connecting)`,
      );
    }
  }
  return targets.map((target, i) => {
    const results = samples[i]!;
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    const { cpu, wait, database, client } = spent[i]!;
    const perRequest = (micros: number) => Math.round(micros / requests);
    const perRequestOrNull = (micros: number | null) =>
      micros === null || requests === 0 ? null : perRequest(micros);
    return {
      target,
      requests,
      rps: Math.round(requests / (options.rounds * options.seconds)),
      cpu: perRequestOrNull(cpu),
      waiting: wait === null ? null : wait / (options.rounds * options.seconds * 1e6),
      clientCpu: requests === 0 ? 0 : perRequest(client),
      databaseCpu: perRequestOrNull(database),
      p50: median(results.map((r) => r.steady.p50)),
      p99: median(results.map((r) => r.steady.p99)),
      p99Worst: Math.max(...results.map((r) => r.steady.p99)),
      p99WithConnecting: median(results.map((r) => r.latency.p99)),
      // A 304 is an answer (the caller's copy still holds), not a failure.
      failures: results.reduce(
        (sum, r) => sum + r.non2xx - notModified(r) + r.errors + r.timeouts,
        0,
      ),
      load: load[i]!,
    };
  });
}

/**
 * Microseconds spent: the server's CPU, its event loop's wait for a core and PostgreSQL's CPU
 * (null off Linux, the last on SQLite), and this process's CPU.
 */
interface Spent {
  cpu: number | null;
  wait: number | null;
  database: number | null;
  client: number;
}

const unlessNull =
  (operation: (a: number, b: number) => number) => (a: number | null, b: number | null) =>
    a === null || b === null ? null : operation(a, b);
const minus = unlessNull((a, b) => a - b);
const plus = unlessNull((a, b) => a + b);

function reading(server: RunningServer): Spent {
  const { user, system } = process.cpuUsage();
  return {
    cpu: server.cpuMicros(),
    wait: server.waitMicros(),
    database: server.databaseCpuMicros(),
    client: user + system,
  };
}

function since(server: RunningServer, before: Spent): Spent {
  const now = reading(server);
  return {
    cpu: minus(now.cpu, before.cpu),
    wait: minus(now.wait, before.wait),
    database: minus(now.database, before.database),
    client: now.client - before.client,
  };
}

function add(a: Spent, b: Spent): Spent {
  return {
    cpu: plus(a.cpu, b.cpu),
    wait: plus(a.wait, b.wait),
    database: plus(a.database, b.database),
    client: a.client + b.client,
  };
}
