import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Engine } from '../src/db/database';
import {
  DATA_TABLES,
  DERIVED,
  ENGINE_TABLES,
  FTS5_SHADOW_SUFFIXES,
  checkDerived,
  derivedTables,
  describeDisagreements,
  rebuildDerived,
} from '../src/db/derived/index';
import type { DB } from '../src/db/schema';
import { employeeBody, insertEmployee } from './helpers/factories';
import { insertMetricType } from './helpers/performance-factories';
import { describeEachEngine, type TestContext } from './helpers/test-app';

/**
 * The derived-data registry (server/src/db/derived/) is the true picture of the schema: every
 * table is data or declared derived, every trigger is declared, and the declared checks and
 * rebuilds agree with what the application writes.
 */

const WHERE = 'server/src/db/derived/index.ts';

/** The key and figures of the totals PostgreSQL keeps in shards (migration 0002). */
const SHARDED: Partial<Record<keyof DB, { key: string; figures: string[] }>> = {
  monthly_metric_totals: { key: 'month', figures: ['metric_count'] },
  department_totals: {
    key: 'department',
    figures: ['staff_count', 'scored_staff_count', 'metric_count', 'value_sum_hundredths'],
  },
  score_histogram: { key: 'bucket', figures: ['staff_count'] },
};

/** A table's rows; a sharded one's as one row a key, its shards summed (as readers see it). */
async function keptRows(db: Kysely<DB>, table: keyof DB): Promise<Record<string, unknown>[]> {
  const sharded = SHARDED[table];
  if (!sharded)
    return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
  const sums = sharded.figures.map((f) => `cast(sum(${f}) as bigint) as ${f}`).join(', ');
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.raw(sharded.key)}, ${sql.raw(sums)}
    from ${sql.table(table)} group by ${sql.raw(sharded.key)}`.execute(db);
  return rows;
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

async function schemaTables(db: Kysely<DB>, engine: Engine): Promise<Map<string, string>> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string | null }>`
      select name, sql from sqlite_master where type = 'table'`.execute(db);
    return new Map(rows.map((row) => [row.name, row.sql ?? '']));
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return new Map(rows.map((row) => [row.name, '']));
}

/** Triggers (`table.name`) and, on PostgreSQL, the functions that are not an extension's. */
async function schemaChange(db: Kysely<DB>, engine: Engine): Promise<Map<string, string>> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ tbl_name: string; name: string; sql: string }>`
      select tbl_name, name, sql from sqlite_master where type = 'trigger'`.execute(db);
    return new Map(rows.map((row) => [`trigger ${row.tbl_name}.${row.name}`, row.sql]));
  }
  const triggers = await sql<{ tbl: string; name: string; def: string }>`
    select c.relname as tbl, t.tgname as name, pg_get_triggerdef(t.oid, true) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = current_schema()`.execute(db);
  const functions = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`.execute(db);
  return new Map([
    ...triggers.rows.map((row) => [`trigger ${row.tbl}.${row.name}`, row.def] as const),
    ...functions.rows.map(
      (row) =>
        [
          `function ${row.name}`,
          row.def.replace(/^CREATE OR REPLACE FUNCTION [a-z_]+\./, 'CREATE OR REPLACE FUNCTION '),
        ] as const,
    ),
  ]);
}

function declaredChange(engine: Engine): Map<string, { sql: string; declaration: string }> {
  const declared = new Map<string, { sql: string; declaration: string }>();
  for (const declaration of DERIVED) {
    for (const statement of declaration.change[engine]) {
      const key =
        statement.kind === 'trigger'
          ? `trigger ${statement.table}.${statement.name}`
          : `function ${statement.name}`;
      if (declared.has(key)) throw new Error(`${key} is declared twice`);
      declared.set(key, { sql: statement.sql, declaration: declaration.name });
    }
  }
  return declared;
}

/** Realistic writes through the API: staff, metric values, bonuses, questions, edits, deletes. */
async function writeThroughTheApi(context: TestContext): Promise<void> {
  const { call, db, as } = context;
  const manager = { token: as.manager.token };
  const ok = (res: { status: number; text: string }, what: string) => {
    expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
  };
  const lastId = async (table: 'employees' | 'performance_metrics' | 'bonuses' | 'questions') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;

  const staff: number[] = [];
  for (const department of ['CIT', 'CIT', 'Commerce']) {
    ok(
      await call('POST', '/api/employees', { ...manager, body: employeeBody({ department }) }),
      'create staff',
    );
    staff.push(await lastId('employees'));
  }
  const types = [await insertMetricType(db), await insertMetricType(db)];
  const values: number[] = [];
  for (const [i, employeeId] of [...staff, staff[0]!, staff[1]!].entries()) {
    ok(
      await call('POST', '/api/performance-metrics', {
        ...manager,
        body: { user_id: employeeId, metric_type_id: types[i % 2], value: 40 + i * 7.25 },
      }),
      'record a value',
    );
    values.push(await lastId('performance_metrics'));
  }
  ok(
    await call('PUT', `/api/performance-metrics/${values[1]}`, {
      ...manager,
      body: { value: 99.5 },
    }),
    'edit a value',
  );
  ok(await call('DELETE', `/api/performance-metrics/${values[0]}`, manager), 'delete a value');

  for (const employeeId of [staff[0]!, staff[2]!, staff[2]!]) {
    ok(
      await call('POST', '/api/bonuses', {
        ...manager,
        body: { employee_id: employeeId, bonus_name: 'Spot award', description: 'Well done' },
      }),
      'award a bonus',
    );
  }
  ok(await call('DELETE', `/api/bonuses/${await lastId('bonuses')}`, manager), 'delete a bonus');

  const asked = as.employee.employeeId!;
  ok(
    await call('POST', '/api/responses', {
      ...manager,
      body: { question: 'How is the term going?', employee_ids: [asked, staff[1]] },
    }),
    'ask a question',
  );
  const question = await db
    .selectFrom('questions')
    .select('id')
    .where('employee_id', '=', asked)
    .where('responded_at', 'is', null)
    .executeTakeFirstOrThrow();
  ok(
    await call('PUT', '/api/responses', {
      token: as.employee.token,
      body: { id: question.id, response: 'Busy but well' },
    }),
    'answer a question',
  );

  const moved = await db
    .selectFrom('employees')
    .selectAll()
    .where('id', '=', staff[1]!)
    .executeTakeFirstOrThrow();
  ok(
    await call('PUT', `/api/employees/${staff[1]}`, {
      ...manager,
      body: employeeBody({
        first_name: 'Renamed',
        last_name: moved.last_name,
        email: moved.email,
        department: 'Commerce',
      }),
    }),
    'move staff to another department',
  );
  ok(await call('DELETE', `/api/employees/${staff[2]}`, { token: as.admin.token }), 'delete staff');
  await insertEmployee(db);
}

describeEachEngine('derived-data registry', (ctx) => {
  it('knows every table of the schema: data, engine, or derived with a rebuild and a check', async () => {
    const { db, engine } = ctx();
    const tables = await schemaTables(db, engine);
    const derived = derivedTables(engine);
    const virtual = [...tables]
      .filter(([, text]) => /^create virtual table/i.test(text))
      .map(([name]) => name);
    const unknown = [...tables.keys()].filter(
      (name) =>
        !(name in DATA_TABLES) &&
        !ENGINE_TABLES.includes(name) &&
        !derived.has(name) &&
        !virtual.some((v) => FTS5_SHADOW_SUFFIXES.some((suffix) => name === `${v}_${suffix}`)),
    );
    expect(
      unknown.map(
        (name) =>
          `table ${name} is neither data nor derived: add it to DATA_TABLES in ${WHERE} (with the declarations it requires), or declare it in a module of server/src/db/derived/ listed in DERIVED`,
      ),
    ).toEqual([]);

    const absent = [...derived.keys()].filter((name) => !tables.has(name));
    expect(absent.map((name) => `declared derived table ${name} is not in the schema`)).toEqual([]);
    const dataAbsent = Object.keys(DATA_TABLES).filter((name) => !tables.has(name));
    expect(dataAbsent.map((name) => `data table ${name} is not in the schema`)).toEqual([]);

    const problems: string[] = [];
    const names = new Set(DERIVED.map((d) => d.name));
    expect(names.size, 'declaration names are unique').toBe(DERIVED.length);
    for (const declaration of DERIVED) {
      if (declaration.tables[engine].length > 0) {
        if (declaration.rebuild[engine].length === 0) {
          problems.push(`${declaration.name} keeps tables but has no rebuild on ${engine}`);
        }
        if (!declaration.check[engine]) {
          problems.push(`${declaration.name} keeps tables but has no check on ${engine}`);
        }
      }
      for (const source of declaration.sources) {
        if (!tables.has(source)) problems.push(`${declaration.name}: source ${source} is absent`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives each data table what it requires: a trigger of each required declaration', () => {
    const { engine } = ctx();
    const problems: string[] = [];
    for (const [table, { requires }] of Object.entries(DATA_TABLES)) {
      for (const name of requires) {
        const declaration = DERIVED.find((d) => d.name === name);
        if (!declaration) {
          problems.push(`${table} requires ${name}, which no declaration is named`);
          continue;
        }
        const triggers = declaration.change[engine].filter((s) => s.kind === 'trigger');
        if (triggers.length > 0 && !triggers.some((s) => s.table === table)) {
          problems.push(
            `${table} requires ${name}: add its trigger on ${table} to server/src/db/derived/${name}.ts (${engine})`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("declares exactly the migrated schema's triggers and trigger functions", async () => {
    const { db, engine } = ctx();
    const actual = await schemaChange(db, engine);
    const declared = declaredChange(engine);
    const problems: string[] = [];
    for (const [key, text] of actual) {
      const declaration = declared.get(key);
      if (!declaration) {
        problems.push(`${key} is in the schema but in no declaration of server/src/db/derived/`);
      } else if (normalised(declaration.sql) !== normalised(text)) {
        problems.push(`${key} differs from its declaration in ${declaration.declaration}`);
      }
    }
    for (const [key, { declaration }] of declared) {
      if (!actual.has(key)) problems.push(`${key} of ${declaration} is not in the schema`);
    }
    expect(problems).toEqual([]);
  });

  it('finds no disagreement after writes through the API, names a corrupted row, and rebuilds', async () => {
    const context = ctx();
    const { db } = context;
    await writeThroughTheApi(context);
    expect(describeDisagreements(await checkDerived(db))).toEqual([]);

    const scored = await db
      .selectFrom('employee_scores')
      .select('employee_id')
      .orderBy('employee_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('employee_scores')
      .set((eb) => ({ metric_count: eb('metric_count', '+', 1) }))
      .where('employee_id', '=', scored.employee_id)
      .execute();
    await db
      .updateTable('list_totals')
      .set((eb) => ({ value: eb('value', '+', 3) }))
      .where('name', '=', 'questions')
      .execute();
    await db.deleteFrom('monthly_metric_totals').execute();
    const found = await checkDerived(db);
    expect(Object.keys(found).sort()).toEqual(
      ['employee_scores', 'list_totals', 'monthly_metric_totals'].sort(),
    );
    expect(found.employee_scores!.map((d) => d.row_key)).toEqual([String(scored.employee_id)]);
    expect(found.list_totals!.map((d) => d.row_key)).toEqual(['questions']);

    await rebuildDerived(db, 'list-totals');
    expect(Object.keys(await checkDerived(db)).sort()).toEqual(
      ['employee_scores', 'monthly_metric_totals'].sort(),
    );
    await rebuildDerived(db);
    expect(describeDisagreements(await checkDerived(db))).toEqual([]);
  });

  it('rebuilds every declaration from scratch to the same figures the writes kept', async () => {
    const { db } = ctx();
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of [
        'employee_scores',
        'employee_monthly_scores',
        'employee_metric_type_scores',
        'monthly_metric_totals',
        'department_totals',
        'score_histogram',
      ] as const) {
        rows[table] = (await keptRows(db, table))
          .map((row) => {
            const { updated_at: _updated, ...rest } = row as Record<string, unknown>;
            return JSON.stringify(rest);
          })
          .filter((row) => !/"(staff_count|metric_count)":"?0"?[,}]/.test(row))
          .sort();
      }
      return rows;
    };
    await writeThroughTheApi(ctx());
    const kept = await snapshot();
    await rebuildDerived(db);
    expect(await snapshot()).toEqual(kept);
    expect(describeDisagreements(await checkDerived(db))).toEqual([]);
  });
});
