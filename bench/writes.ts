import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { percentile, steadyLatencies } from './load';
import type { RunningServer } from './server';

// Write throughput: recording metric values under load, against the server in its own process.

export interface WriteMeasured {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /**
   * p99 of the requests sent once every connection was open, as the reads report theirs
   * (load.ts, `steadyLatencies`); `p99` counts every request, those waiting for their connection
   * too.
   */
  p99Steady: number;
  failures: number;
  cpu: number | null;
  /** PostgreSQL's CPU per write in microseconds (null on SQLite). */
  databaseCpu: number | null;
  /** Share of the seconds the server's event loop was ready to run but waiting for a core. */
  waiting: number | null;
  load: number;
}

/**
 * Recording metric values (`POST /api/performance-metrics`) as HR, each request a new value for
 * an employee and metric type taken in turn: the whole write path, with its audit entry, score
 * totals and the triggers' organisation-wide figures, in one transaction per request.
 */
export async function measureWrites(
  server: RunningServer,
  token: string,
  employeeIds: number[],
  metricTypeIds: number[],
  options: { connections: number; seconds: number },
): Promise<WriteMeasured> {
  let n = 0;
  const body = () => {
    n += 1;
    return JSON.stringify({
      user_id: employeeIds[(n * 7919) % employeeIds.length],
      metric_type_id: metricTypeIds[n % metricTypeIds.length],
      // Whole hundredths divided once: 1.07, never 1.0700000000000001.
      value: (100 + ((n * 37) % 9900)) / 100,
      comment: 'Recorded by the benchmark',
    });
  };
  const before = server.cpuMicros();
  const waitBefore = server.waitMicros();
  const databaseBefore = server.databaseCpuMicros();
  const instance = autocannon({
    url: server.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/performance-metrics',
        setupRequest: (request) => ({ ...request, body: body() }),
      },
    ],
  });
  const steady = steadyLatencies(instance, options.connections);
  const result = await instance;
  const after = server.cpuMicros();
  const waitAfter = server.waitMicros();
  const databaseAfter = server.databaseCpuMicros();
  const requests = result.requests.total;
  return {
    requests,
    rps: Math.round(requests / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99Steady: steady.length ? percentile(steady, 0.99) : result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpu: before === null || after === null ? null : Math.round((after - before) / requests),
    databaseCpu:
      databaseBefore === null || databaseAfter === null
        ? null
        : Math.round((databaseAfter - databaseBefore) / requests),
    waiting:
      waitBefore === null || waitAfter === null
        ? null
        : (waitAfter - waitBefore) / (options.seconds * 1e6),
    load: loadavg()[0]!,
  };
}
