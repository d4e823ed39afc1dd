/**
 * What one recorded metric value costs in the database, trigger family by trigger family:
 * `npx tsx bench/write-costs.ts sqlite|postgres [writes=2000] [rounds=3]`.
 *
 * Replays the statements of `record()` (performance-metrics.service.ts: the guard's session
 * read, the type, the employee, the insert, the three score upserts, the audit entry, begin and
 * commit) on one connection, with no HTTP and no Kysely, against a copy of the loaded `--small`
 * database (write-base.ts): with every trigger, without each family alone, and without all of
 * them. Prints the CPU per write of this process and, on PostgreSQL, of its backend (`/proc`,
 * 10 ms ticks), in total and per statement. CPU, not wall time: it holds while other work shares
 * the machine.
 *
 * On PostgreSQL, `--shapes` replays instead, with every trigger, the ten statements a value cost
 * before they were combined ("separate") and the six it costs now ("combined": the type and the
 * employee in one read, the score totals and the audit entry in one statement), in turn.
 */
import type { Engine } from '../server/src/db/database';
import { writeBase } from './write-base';
import { pgRun } from './write-costs-postgres';
import { sqliteRun } from './write-costs-sqlite';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const engine: Engine = positional[0] === 'postgres' ? 'postgres' : 'sqlite';
const writes = Number(positional[1] ?? 2000);
const repeats = Number(positional[2] ?? 3);
const compareShapes = process.argv.includes('--shapes');
const base = await writeBase(engine);
const FAMILIES: [string, string[]][] = [
  ['data_version', ['data_version_']],
  ['list_totals', ['list_totals_']],
  ['dashboard_versions', ['dashboard_version_']],
  ['insights', ['insights_']],
  ['audit_search', ['audit_entries_search_', 'audit_entries_text_']],
];

if (compareShapes) {
  if (engine !== 'postgres') throw new Error('--shapes compares PostgreSQL statements');
  for (let r = 1; r <= repeats; r++) {
    const order = r % 2 ? [false, true] : [true, false];
    for (const combined of order) {
      const result = await pgRun(base, writes, [], combined);
      const parts = Object.entries(result.parts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      console.log(
        `postgres round ${r} ${combined ? 'combined' : 'separate'}: ${Math.round(result.total)} µs CPU/write` +
          ` + backend ${Math.round(result.dbTotal)} µs [${parts}]`,
      );
    }
  }
  process.exit(0);
}

const variants: [string, string[]][] = [
  ['all triggers', []],
  ...FAMILIES.map(([label, patterns]) => [`without ${label}`, patterns] as [string, string[]]),
  ['without any of them', FAMILIES.flatMap(([, p]) => p)],
];
for (let r = 1; r <= repeats; r++) {
  for (const [label, patterns] of variants) {
    const result =
      engine === 'sqlite'
        ? await sqliteRun(base, writes, patterns)
        : await pgRun(base, writes, patterns);
    const parts = Object.entries(result.parts)
      .map(([k, v]) => `${k} ${typeof v === 'number' ? Math.round(v) : v}`)
      .join(', ');
    console.log(
      `${engine} round ${r} ${label} (${result.dropped} dropped): ${Math.round(result.total)} µs CPU/write` +
        ('dbTotal' in result ? ` + backend ${Math.round(result.dbTotal as number)} µs` : '') +
        ` [${parts}]`,
    );
  }
}
