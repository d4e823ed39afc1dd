import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../database';
import { isPostgres } from '../dialect';
import type { DB } from '../schema';
import { dashboardVersions } from './dashboard-versions';
import { dataVersion } from './data-version';
import type { DerivedDeclaration, Disagreement } from './declaration';
import { insightTotals } from './insight-totals';
import { listTotals } from './list-totals';
import { metricTypeScores } from './metric-type-scores';
import { monthlyScores } from './monthly-scores';
import { rowVersions } from './row-versions';
import { scoreTotals } from './score-totals';
import { searchIndexes } from './search-indexes';
import { tableVersions } from './table-versions';

export type { DerivedDeclaration, Disagreement } from './declaration';

/**
 * The registry: every table computed from others, declared once. A rebuild runs them in this
 * order, so a table is rebuilt after those it is computed from (the scores before the insight
 * totals). The data version comes last: it moves once every other table is fresh.
 */
export const DERIVED: readonly DerivedDeclaration[] = [
  scoreTotals,
  monthlyScores,
  metricTypeScores,
  insightTotals,
  listTotals,
  searchIndexes,
  tableVersions,
  dashboardVersions,
  rowVersions,
  dataVersion,
];

/** What a data table needs from the registry: the declarations that must watch it. */
export interface DataTable {
  /** Names of declarations that must have a trigger on this table (where they have triggers). */
  requires: readonly string[];
  /** Why it needs less than the others, when it does. */
  note?: string;
}

/** Every write a list or a remembered answer shows moves the data version and row versions. */
const READ_BY_THE_API = ['data-version', 'row-versions'] as const;

/** The data itself: every table of the schema is one of these or a derived one. */
export const DATA_TABLES: Readonly<Record<string, DataTable>> = {
  employees: { requires: READ_BY_THE_API },
  users: { requires: READ_BY_THE_API },
  metric_types: { requires: READ_BY_THE_API },
  performance_metrics: { requires: READ_BY_THE_API },
  bonuses: { requires: READ_BY_THE_API },
  questions: { requires: READ_BY_THE_API },
  audit_entries: {
    requires: ['data-version'],
    note: 'Appended, never edited: no row version.',
  },
  sign_in_throttle: {
    requires: [],
    note: 'Read only by the sign-in throttle, row by row: no list or remembered answer shows it.',
  },
};

/** Tables the engine or the migrator keep for themselves. */
export const ENGINE_TABLES: readonly string[] = [
  'kysely_migration',
  'kysely_migration_lock',
  'sqlite_sequence',
];

/** The tables SQLite's FTS5 keeps for a virtual table of its own (`<name>_data` ...). */
export const FTS5_SHADOW_SUFFIXES = ['config', 'content', 'data', 'docsize', 'idx'] as const;

/** The derived tables declared for one engine, each with the declaration that keeps it. */
export function derivedTables(engine: Engine): Map<string, DerivedDeclaration[]> {
  const tables = new Map<string, DerivedDeclaration[]>();
  for (const declaration of DERIVED) {
    for (const table of declaration.tables[engine]) {
      tables.set(table, [...(tables.get(table) ?? []), declaration]);
    }
  }
  return tables;
}

function engineOf(db: Kysely<DB>): Engine {
  return isPostgres(db) ? 'postgres' : 'sqlite';
}

/** The server's time zone, in which the monthly scores' months are counted. */
function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A declaration's SQL with `:time_zone` bound to the server's time zone. */
function statement<T>(text: string): RawBuilder<T> {
  const parts = text.split(':time_zone');
  const zone = serverTimeZone();
  return sql.join(
    parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql`${zone}`, sql.raw(part)])),
    sql``,
  ) as RawBuilder<T>;
}

function pick(name: string | undefined): readonly DerivedDeclaration[] {
  if (name === undefined) return DERIVED;
  const declaration = DERIVED.find((d) => d.name === name);
  if (!declaration) throw new Error(`no derived declaration named ${name}`);
  return [declaration];
}

/**
 * PostgreSQL: holds the declarations' sources against writes (SHARE) and their tables against
 * everything but reads (EXCLUSIVE) until the transaction ends, so nothing changes between a
 * count and its write. A writer always writes its data table before a derived one, and these
 * locks are taken in that order too.
 */
async function lockForRebuild(
  trx: Kysely<DB>,
  chosen: readonly DerivedDeclaration[],
): Promise<void> {
  const kept = new Set([...chosen, dataVersion].flatMap((d) => d.tables.postgres));
  const sources = new Set(chosen.flatMap((d) => d.sources).filter((table) => !kept.has(table)));
  const lock = async (tables: Set<string>, mode: string) => {
    if (tables.size === 0) return;
    const names = [...tables].sort().map((table) => sql.id(table));
    await sql`lock table ${sql.join(names)} in ${sql.raw(mode)} mode`.execute(trx);
  };
  await lock(sources, 'share');
  await lock(kept, 'exclusive');
}

/**
 * Recomputes one declaration's tables from their sources (all of them without a name), in one
 * transaction, and moves the data version so no answer computed from the old figures is sent
 * again. On PostgreSQL writers wait meanwhile (table locks), so nothing changes between a count
 * and its write.
 */
export async function rebuildDerived(db: Kysely<DB>, name?: string): Promise<void> {
  const engine = engineOf(db);
  const chosen = pick(name);
  const run = async (trx: Kysely<DB>) => {
    if (engine === 'postgres') await lockForRebuild(trx, chosen);
    for (const declaration of chosen) {
      for (const text of declaration.rebuild[engine]) await statement(text).execute(trx);
    }
    if (!chosen.includes(dataVersion)) {
      for (const text of dataVersion.rebuild[engine]) await statement(text).execute(trx);
    }
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/**
 * Every derived table's rows that disagree with a recomputation from its sources, by table:
 * an empty object when everything is consistent. On PostgreSQL the checks read one snapshot.
 */
export async function checkDerived(db: Kysely<DB>): Promise<Record<string, Disagreement[]>> {
  const engine = engineOf(db);
  const found: Record<string, Disagreement[]> = {};
  const run = async (trx: Kysely<DB>) => {
    for (const declaration of DERIVED) {
      const check = declaration.check[engine];
      if (check === null) continue;
      const { rows } = await statement<Disagreement>(check).execute(trx);
      for (const row of rows) {
        const disagreement = {
          derived_table: String(row.derived_table),
          row_key: String(row.row_key),
          stored: row.stored === null ? null : String(row.stored),
          recomputed: row.recomputed === null ? null : String(row.recomputed),
        };
        (found[disagreement.derived_table] ??= []).push(disagreement);
      }
    }
  };
  if (db.isTransaction) await run(db);
  else if (engine === 'postgres') {
    await db.transaction().setIsolationLevel('repeatable read').execute(run);
  } else await db.transaction().execute(run);
  return found;
}

/** The disagreements as lines a test failure or an operator reads. */
export function describeDisagreements(found: Record<string, Disagreement[]>): string[] {
  return Object.values(found)
    .flat()
    .map(
      (d) =>
        `${d.derived_table} ${d.row_key}: stored ${d.stored ?? '(no row)'}, recomputed ${d.recomputed ?? '(no row)'}`,
    );
}

/**
 * The statement a declaration gives for one of its triggers (`table` given) or functions on
 * `engine`: the baseline migration creates them from here, so their text is written once.
 */
export function derivedStatement(
  engine: Engine,
  kind: 'trigger' | 'function',
  name: string,
  table?: string,
): string {
  for (const declaration of DERIVED) {
    const found = declaration.change[engine].find(
      (statement) =>
        statement.kind === kind && statement.name === name && statement.table === table,
    );
    if (found) return found.sql;
  }
  throw new Error(`No declaration in server/src/db/derived/ gives ${kind} ${name} on ${engine}`);
}
