import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the CSV imports' worker thread from the current sources, as `npm run build:server`
 * does for `npm start` (scripts/build-server.mjs), for the test servers to start instead of the
 * sources through tsx (test-app.ts names it in IMPORT_WORKER_FILE, config.ts).
 * It lives under build/ so that its npm imports resolve from the project's node_modules; the
 * process id keeps runs side by side apart.
 */
export async function bundleImportWorker(): Promise<{ file: string; remove(): void }> {
  const dir = path.resolve('build/test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `import-worker-${process.pid}.mjs`);
  await build({
    entryPoints: ['server/src/modules/csv/import.worker.ts'],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
