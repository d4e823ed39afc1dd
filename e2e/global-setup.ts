import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ES module shared with the npm scripts
import { staleParts } from '../scripts/build-state.mjs';
// @ts-expect-error -- plain ES module shared with the npm scripts
import { CHROMIUM_MISSING_HELP, findChromium } from '../scripts/environment.mjs';

export interface E2eServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Where the app lives: origin + BASE_PATH. */
  appUrl: string;
  admin: { email: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string | null;
    e2eServer: E2eServer | null;
  }
}

const ADMIN = { email: 'e2e.admin@example.com', password: 'e2e-admin-password' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(origin: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

/**
 * Builds the app if needed and starts the real server, exactly as `npm start` runs it, on a free
 * port with a fresh SQLite database and a known administrator.
 */
export default async function setup(project: TestProject) {
  const chromiumPath: string | null = findChromium();
  if (!chromiumPath) {
    if (process.env.CI === 'true') throw new Error(`CI=true and ${CHROMIUM_MISSING_HELP}`);
    console.warn(`\n*** SKIPPING the browser tests. ${CHROMIUM_MISSING_HELP}\n`);
    project.provide('chromiumPath', null);
    project.provide('e2eServer', null);
    return;
  }

  for (const part of staleParts() as string[]) {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
    const built = spawnSync('npm', ['run', '--silent', `build:${part}`], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error(`npm run build:${part} failed`);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'spms-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['build/server/main.mjs'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      BASE_PATH: '/spms/',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(origin, server, () => log);

  project.provide('chromiumPath', chromiumPath);
  project.provide('e2eServer', { origin, appUrl: `${origin}/spms/`, admin: ADMIN });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
