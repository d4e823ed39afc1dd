// Bundles the server and its command-line tools into build/server/*.mjs (npm packages stay
// external and load from node_modules). esbuild resolves the `#contract/*` imports itself.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    migrate: 'server/src/cli/migrate.ts',
    backup: 'server/src/cli/backup.ts',
    restore: 'server/src/cli/restore.ts',
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
