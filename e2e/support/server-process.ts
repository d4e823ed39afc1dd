import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- plain ES module shared with `npm start`
import { serverNodeArguments } from '../../scripts/server-command.mjs';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 (https: with TLS_CERT_FILE) */
  origin: string;
  /** Where the app lives: origin + BASE_PATH. */
  appUrl: string;
  /** Everything the server printed so far. */
  output(): string;
  /** How the process ended: its exit code, null while it runs. */
  exitCode(): number | null;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether `/api/health` answers 200, over HTTPS trusting `certificate`, else over HTTP. */
async function isHealthy(origin: string, certificate?: Buffer): Promise<boolean> {
  if (!certificate) {
    return fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  }
  return new Promise((resolve) => {
    get(`${origin}/api/health`, { ca: certificate }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/**
 * The built server (`build/server/main.mjs`), exactly as `npm start` runs it, on a free port
 * with a fresh SQLite database; `env` adds to or overrides the defaults (no demo data, warnings
 * only, BASE_PATH /spms/). Answers once `/api/health` does.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spms-e2e-'));
  const port = await freePort();
  const certificate = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : undefined;
  const origin = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  let log = '';
  const args = serverNodeArguments(process.cwd()) as string[];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      BASE_PATH: '/spms/',
      // The tests click far faster than people, as a few accounts, all run on one server.
      REQUESTS_PER_MINUTE_PER_ACCOUNT: '1000000',
      // And sign in again and again from 127.0.0.1.
      ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    if (await isHealthy(origin, certificate)) break;
    if (Date.now() > deadline)
      throw new Error(`The server did not become healthy within 60 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    appUrl: `${origin}/spms/`,
    output: () => log,
    exitCode: () => child.exitCode,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
