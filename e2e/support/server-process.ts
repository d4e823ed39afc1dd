import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- plain ES module shared with `npm start`
import { serverNodeArguments } from '../../scripts/server-command.mjs';

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Where the app lives: origin + BASE_PATH. */
  appUrl: string;
  /** Everything the server printed so far. */
  output(): string;
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

/**
 * The built server (`build/server/main.mjs`), exactly as `npm start` runs it, on a free port
 * with a fresh SQLite database; `env` adds to or overrides the defaults (no demo data, warnings
 * only, BASE_PATH /spms/). Answers once `/api/health` does.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spms-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline)
      throw new Error(`The server did not become healthy within 60 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    appUrl: `${origin}/spms/`,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
