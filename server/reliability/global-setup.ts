import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain ES module shared with the npm scripts
import { staleParts } from '../../scripts/build-state.mjs';
import { POSTGRES_MISSING_HELP, postgresIsRunning } from '../test/helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the PostgreSQL halves of the reliability tests can run. */
    reliabilityPostgres: boolean;
  }
}

/**
 * The reliability tests run the built server (`build/server/main.mjs`) in child processes:
 * build it when it is missing or older than its sources, and check PostgreSQL once.
 */
export default async function setup(project: TestProject) {
  if ((staleParts() as string[]).includes('server')) {
    const built = spawnSync('npm', ['run', '--silent', 'build:server'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('npm run build:server failed');
  }
  const postgres = await postgresIsRunning();
  if (!postgres) {
    if (process.env.CI === 'true') throw new Error(`CI=true and ${POSTGRES_MISSING_HELP}`);
    console.warn(
      `\n*** SKIPPING the PostgreSQL half of the reliability tests. ${POSTGRES_MISSING_HELP}\n`,
    );
  }
  project.provide('reliabilityPostgres', postgres);
}
