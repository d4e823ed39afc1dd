import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- plain ES module shared with `npm start`
import { staleParts } from '../scripts/build-state.mjs';
// @ts-expect-error -- plain ES module shared with `npm start`
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-command.mjs';

/**
 * Starts the real server, as `npm start` runs it (the built bundle `build/server/main.mjs`), in a
 * child process, so the load generator and the server do not share an event loop, as they would
 * not in production.
 */

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  pid: number;
  /** CPU time the server process has used so far, in microseconds (Linux; null elsewhere). */
  cpuMicros(): number | null;
  /**
   * How long the server's main thread, the one running the event loop, has so far been ready to
   * run but waiting for a core, in microseconds (Linux; null elsewhere).
   */
  waitMicros(): number | null;
  /**
   * CPU time PostgreSQL's processes on this machine have used so far, in microseconds: what the
   * database spends on the server's statements (null on SQLite, whose work is the server's own
   * CPU, and off Linux).
   */
  databaseCpuMicros(): number | null;
  /** Resident memory now and at its peak so far, in bytes (Linux; null elsewhere). */
  memory(): { rss: number; peakRss: number } | null;
  /**
   * Starts a new peak: VmHWM falls back to the resident memory now (writing 5 to
   * /proc/<pid>/clear_refs; Linux). False where that cannot be done.
   */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

/** Builds the web app and the server bundle when they are missing or older than their sources. */
export function ensureBuilt(): void {
  for (const part of staleParts(projectRoot) as string[]) {
    console.log(`Building the ${part === 'web' ? 'web app' : 'server'}...`);
    const result = spawnSync('npm', ['run', '--silent', `build:${part}`], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`npm run build:${part} failed`);
  }
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

/** A field of /proc/<pid>/status in kB, as bytes. */
function statusBytes(pid: number, field: string): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second). */
function cpuTicks(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * A running count of the CPU time `postgres` processes have used, in microseconds, from the
 * first reading on; null off Linux. A process that ends takes its time with it, so each reading
 * adds what every process still running used since the last one, never less than nothing.
 */
function postgresCpuCounter(): () => number | null {
  const lastTicks = new Map<string, number>();
  let total = 0;
  let first = true;
  return () => {
    let pids: string[];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return null;
    }
    for (const pid of pids) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended between the listing and the read
      }
      if (!stat.includes(' (postgres) ')) continue;
      const ticks = cpuTicks(stat);
      if (!first) total += Math.max(0, ticks - (lastTicks.get(pid) ?? 0));
      lastTicks.set(pid, ticks);
    }
    first = false;
    return total * 10_000;
  };
}

/**
 * Starts the built server (or the bundle at `entry`, another build kept for a comparison) in a
 * process of its own. BENCH_SERVER_STDOUT names a file that gets its standard output, e.g. what
 * `--trace-gc` prints.
 */
export async function startServer(
  env: Record<string, string>,
  entry = path.join(projectRoot, SERVER_ENTRY as string),
): Promise<RunningServer> {
  ensureBuilt();
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    // The flags `npm start` gives node, then BENCH_SERVER_NODE_ARGS, which may override them or
    // profile the server under load, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" (Node refuses
    // --cpu-prof in NODE_OPTIONS).
    [
      ...(SERVER_NODE_FLAGS as string[]),
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      entry,
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_DATA: 'false',
        // Request logging is the same cost for every route; off, it does not blur the comparison.
        LOG_LEVEL: 'warn',
        // 50 connections share an account at thousands of requests a second: the limit is
        // counted on every request, as in production, but set where it never refuses.
        REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000000',
        // The same for the public routes (/api/auth/config is measured) asked from 127.0.0.1.
        ANONYMOUS_REQUESTS_PER_MINUTE: '1000000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (process.env.BENCH_SERVER_STDOUT) appendFileSync(process.env.BENCH_SERVER_STDOUT, chunk);
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  const pid = child.pid!;
  const databaseCpuMicros = env.DATABASE_URL ? postgresCpuCounter() : () => null;
  databaseCpuMicros();
  return {
    url: `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`,
    pid,
    cpuMicros() {
      try {
        return cpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) * 10_000;
      } catch {
        return null;
      }
    },
    waitMicros() {
      try {
        // The second field of /proc/<pid>/schedstat (the thread group leader's): nanoseconds
        // spent on a run queue.
        return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1000;
      } catch {
        return null;
      }
    },
    databaseCpuMicros,
    memory() {
      const rss = statusBytes(pid, 'VmRSS');
      const peakRss = statusBytes(pid, 'VmHWM');
      return rss === null || peakRss === null ? null : { rss, peakRss };
    },
    resetPeak() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The server's CPU time since `before` (a `cpuMicros()` reading), in seconds; null off Linux. */
export function cpuSecondsSince(server: RunningServer, before: number | null): number | null {
  const after = server.cpuMicros();
  return before === null || after === null ? null : (after - before) / 1e6;
}
