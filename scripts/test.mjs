// `npm test`: every check the project has, in order, with one summary at the end. Under CI=true a
// missing Chromium or PostgreSQL fails its suite; elsewhere that half is skipped and says so.
import { spawnSync } from 'node:child_process';
import { CHROMIUM_MISSING_HELP, findChromium, isCi } from './environment.mjs';

const steps = [
  ['Lint', ['npm', 'run', '--silent', 'lint']],
  ['Formatting', ['npm', 'run', '--silent', 'format:check']],
  ['Type check', ['npm', 'run', '--silent', 'typecheck']],
  ['Unit and component tests', ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['API tests on SQLite and PostgreSQL', ['npx', 'vitest', 'run', '--project', 'api']],
  [
    'Stall tests on SQLite and PostgreSQL (worst-case imports, the event loop per route)',
    ['npx', 'vitest', 'run', '--project', 'stall'],
  ],
  [
    'Reliability tests (kill -9, two instances, backup and restore)',
    ['npx', 'vitest', 'run', '--project', 'reliability'],
  ],
  ['Browser tests in Chromium', ['npx', 'vitest', 'run', '--project', 'e2e']],
];

if (!findChromium()) {
  console.warn(
    `\n*** ${CHROMIUM_MISSING_HELP}\n${isCi() ? 'CI=true: the browser tests will fail.' : 'The browser tests will be skipped.'}\n`,
  );
}

const results = [];
for (const [name, command] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command[0], command.slice(1), { stdio: 'inherit' });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n=== Summary ===');
for (const { name, ok, seconds } of results)
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
