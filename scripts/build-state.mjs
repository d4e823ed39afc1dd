// Whether the web app and the server bundle are missing or older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = {
  web: [
    'web/src',
    'web/index.html',
    'web/public',
    'web/vite.config.ts',
    'contract',
    'package-lock.json',
  ],
  server: ['server/src', 'contract', 'package-lock.json'],
};
const OUTPUTS = { web: 'web/dist/index.html', server: 'build/server/main.mjs' };

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The parts ('web', 'server') that need building. */
export function staleParts(root = process.cwd()) {
  return Object.keys(OUTPUTS).filter((part) => {
    const output = path.join(root, OUTPUTS[part]);
    if (!existsSync(output)) return true;
    const builtAt = statSync(output).mtimeMs;
    return SOURCES[part].some((source) => newestMtime(path.join(root, source)) > builtAt);
  });
}
