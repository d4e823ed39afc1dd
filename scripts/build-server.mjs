// Bundles the server and its command-line tools into build/server/*.mjs (npm packages stay
// external and load from node_modules). esbuild resolves the `#contract/*` imports itself.
// The CSV imports' worker thread is an entry of its own: the server starts import-worker.mjs
// from beside main.mjs (server/src/modules/csv/import-thread.ts).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    migrate: 'server/src/cli/migrate.ts',
    backup: 'server/src/cli/backup.ts',
    restore: 'server/src/cli/restore.ts',
    'import-worker': 'server/src/modules/csv/import.worker.ts',
  },
  outdir: 'build/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
