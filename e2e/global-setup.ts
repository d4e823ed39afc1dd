import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ES module shared with the npm scripts
import { staleParts } from '../scripts/build-state.mjs';
// @ts-expect-error -- plain ES module shared with the npm scripts
import { CHROMIUM_MISSING_HELP, findChromium } from '../scripts/environment.mjs';
import { startServerProcess } from './support/server-process';

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
    /** One server per worker (VITEST_POOL_ID 1 is the first); empty when Chromium is missing. */
    e2eServers: E2eServer[];
  }
}

const ADMIN = { email: 'e2e.admin@example.com', password: 'e2e-admin-password' };

/**
 * Builds the app if needed and starts the real server, exactly as `npm start` runs it, on a free
 * port with a fresh SQLite database and a known administrator: one such server per worker, so
 * the files that run side by side never share one (the files of one worker share it, one after
 * another, as they always have: nothing in them assumes an empty database, but a count read from
 * the API and then from the screen assumes nobody else writes in between).
 */
export default async function setup(project: TestProject) {
  const chromiumPath: string | null = findChromium();
  if (!chromiumPath) {
    if (process.env.CI === 'true') throw new Error(`CI=true and ${CHROMIUM_MISSING_HELP}`);
    console.warn(`\n*** SKIPPING the browser tests. ${CHROMIUM_MISSING_HELP}\n`);
    project.provide('chromiumPath', null);
    project.provide('e2eServers', []);
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

  // As Vitest counts its workers for a project (1 when fileParallelism is off).
  const workers = project.config.maxWorkers || project.globalConfig.maxWorkers || 1;
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, workers) }, () =>
      startServerProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    ),
  );

  project.provide('chromiumPath', chromiumPath);
  project.provide(
    'e2eServers',
    servers.map((server) => ({ origin: server.origin, appUrl: server.appUrl, admin: ADMIN })),
  );

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
