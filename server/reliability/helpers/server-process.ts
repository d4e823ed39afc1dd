import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- plain ES module shared with `npm start`
import { serverNodeArguments } from '../../../scripts/server-command.mjs';

/**
 * The real built server (`build/server/main.mjs`, as `npm start` runs it) in a child process,
 * so it can be killed with SIGKILL like a crashed machine would leave it, and started again on
 * the same data.
 */

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN = { email: 'reliability.admin@example.com', password: 'reliability-admin-pass' };
export const JWT_SECRET = 'reliability-tests-shared-secret-0123456789abcdef';

export interface ServerOptions {
  /** DATA_DIR: where the SQLite file lives (and the JWT secret if none were given). */
  dataDir: string;
  /** A postgres:// address; absent for SQLite in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  origin: string;
  pid: number;
  /** What the server printed, for failure messages. */
  output(): string;
  /** Kills the process at once: no shutdown hooks, no closing of the database. */
  crash(): Promise<void>;
  /** The ordinary shutdown (SIGTERM). */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited early:\n${output()}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, serverNodeArguments(projectRoot) as string[], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // The write loads send thousands of requests a minute as one account.
      REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000',
      // Every client signs in from 127.0.0.1.
      ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = once(child, 'exit');
  await waitForHealth(origin, child, () => log);

  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    origin,
    pid: child.pid!,
    output: () => log,
    async crash() {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
