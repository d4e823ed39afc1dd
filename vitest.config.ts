import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { FILES_WITH_MODULE_MOCKS } from './web/src/test/files-with-module-mocks';

/**
 * Seven suites: `unit` (pure logic), `web` and `web-mocks` (React components in jsdom; the
 * second for files replacing a module), `api` (the real server against real SQLite and
 * PostgreSQL databases), `stall` (API tests timing how long a request
 * waits behind another, one file at a time), `reliability` (the built server in child
 * processes: killed under load, two instances on one PostgreSQL, backup and restore) and `e2e`
 * (the built app in Chromium, a server per worker).
 */
/**
 * API tests that measure how long a request waits behind another (the worst-case imports, the
 * event loop's longest block per route and while the database is locked): run on their own,
 * after the rest of the API suite.
 */
const STALL_TESTS = [
  'server/test/csv-import-worst-case.test.ts',
  'server/test/database-busy.test.ts',
  'server/test/event-loop.test.ts',
];

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default: one worker on a two-core machine. Its own
    // process mostly waits, and the API tests wait on PostgreSQL, so every core runs a file. The
    // suites that must run alone say fileParallelism: false.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'server/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: FILES_WITH_MODULE_MOCKS,
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // One jsdom page and one load of React, Mantine and the testing libraries per worker
          // instead of per file, which was most of this suite's time; setup.ts loads the app's
          // own modules afresh for each file and undoes what a file left on the page.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-mocks',
          include: FILES_WITH_MODULE_MOCKS,
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          exclude: STALL_TESTS,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'stall',
          include: STALL_TESTS,
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // They time how long the server keeps a client waiting: one file at a time, so that
          // another suite's work on the same two cores is not what they measure.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['server/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/reliability/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each file runs real servers under load: one at a time on a small machine.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Files side by side, one per core: each worker drives its own Chromium against its
          // own server (global-setup.ts starts one per worker); most of a file's time is the
          // browser drawing and axe-core reading the page, on one core at a time.
        },
      },
    ],
  },
});
