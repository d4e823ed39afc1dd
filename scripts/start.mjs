// `npm start`: build what is missing or out of date, then run the server (which migrates,
// bootstraps the admin and demo data, and listens on HOST:PORT).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { staleParts } from './build-state.mjs';
import { SERVER_ENTRY } from './server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

for (const part of staleParts(root)) {
  console.log(`Building the ${part === 'web' ? 'web app' : 'server'}...`);
  const result = spawnSync('npm', ['run', '--silent', `build:${part}`], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// package.json gives node the server's flags (server-command.mjs): the bundle runs in this process.
await import(path.join(root, SERVER_ENTRY));
