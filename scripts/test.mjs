// `npm test`: every check the project has, in order, with one summary at the end. Under CI=true a
// missing Chromium or PostgreSQL fails its suite; elsewhere that half is skipped and says so.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_MISSING_HELP, findChromium, isCi } from './environment.mjs';

/**
 * better-sqlite3's binary, missing after `npm ci --ignore-scripts` (as `.ci/run` installs): the
 * packages' install scripts (better-sqlite3 compiles its C sources, no prebuilt binary being
 * downloadable; esbuild checks its binary) then run here, beside the static checks, which need
 * neither. The compile is one source file after another, so it keeps one core busy and leaves
 * the other to the checks.
 */
const SQLITE_BINARY = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const installScripts = existsSync(SQLITE_BINARY)
  ? []
  : [
      [
        'Install scripts (better-sqlite3 compiled from source, esbuild checked)',
        ['npm', 'rebuild', '--foreground-scripts', 'better-sqlite3', 'esbuild'],
        // node-gyp's make runs as many jobs as there are cores.
        { JOBS: 'max' },
      ],
    ];

/**
 * The static checks: each is one process on one core, so they run side by side, each one's output
 * shown whole once it ends.
 */
const checks = [
  ['Lint', ['npm', 'run', '--silent', 'lint']],
  ['Formatting', ['npm', 'run', '--silent', 'format:check']],
  ['Type check', ['npm', 'run', '--silent', 'typecheck']],
];

/** The test suites, one after another: each uses every core, the stall tests want them alone. */
const steps = [
  [
    'Unit and component tests',
    ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'web-mocks'],
  ],
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

/** The lines of a step's output that say what failed, repeated in the summary (a CI log's tail). */
const FAILURE_LINE =
  /(FAIL|✗|×|AssertionError|Error:|expected|Expected|Received|\[warn\]|error TS)/;
const MAX_FAILURE_LINES = 40;

if (!findChromium()) {
  console.warn(
    `\n*** ${CHROMIUM_MISSING_HELP}\n${isCi() ? 'CI=true: the browser tests will fail.' : 'The browser tests will be skipped.'}\n`,
  );
}

/**
 * Runs a step, its output shown as it comes (or, `held`, all at once under its title when it
 * ends), and answers its exit code and failure lines.
 */
function runStep(name, command, { held = false, env = {} } = {}) {
  if (!held) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const out = held ? [] : null;
    const show = (stream, chunk) => (out ? out.push([stream, chunk]) : stream.write(chunk));
    const child = spawn(command[0], command.slice(1), {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const failures = [];
    let partial = '';
    const collect = (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        // eslint-disable-next-line no-control-regex
        const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
        if (!FAILURE_LINE.test(plain)) continue;
        // The last ones: vitest lists what failed at the end of its output.
        failures.push(plain);
        if (failures.length > MAX_FAILURE_LINES) failures.shift();
      }
    };
    child.stdout.on('data', (chunk) => {
      show(process.stdout, chunk);
      collect(chunk);
    });
    child.stderr.on('data', (chunk) => {
      show(process.stderr, chunk);
      collect(chunk);
    });
    child.on('close', (status) => {
      if (out) console.log(`\n=== ${name} ===`);
      for (const [stream, chunk] of out ?? []) stream.write(chunk);
      resolve({ status, failures });
    });
  });
}

/** Runs one step and answers its line of the summary. */
async function timedStep(name, command, options) {
  const started = Date.now();
  const { status, failures } = await runStep(name, command, options);
  return { name, ok: status === 0, failures, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const results = await Promise.all(
  [...installScripts, ...checks].map(([name, command, env]) =>
    timedStep(name, command, { held: true, env }),
  ),
);
for (const [name, command] of steps) results.push(await timedStep(name, command));

console.log('\n=== Summary ===');
for (const { name, ok, seconds, failures } of results) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
  if (!ok) for (const line of failures) console.log(`      ${line}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
