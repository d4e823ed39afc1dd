import { fn, trigger } from './declaration';

/**
 * The PostgreSQL half of list-totals.ts's declaration: statement triggers with transition tables,
 * a function per counted table adding each name's change to the writer's shard (ADR 30). The
 * four functions differ only in the names a row counts under, so one text makes them all.
 */

/** Each counted table: its function's name, the table, and the names a row `r` counts under. */
const COUNTED = [
  ['list_totals_audit', 'audit_entries', `(select 'audit_entries')`],
  [
    'list_totals_questions',
    'questions',
    `(select 'questions' union all
 select 'questions:answered' where r.responded_at is not null)`,
  ],
  ['list_totals_users', 'users', `(values ('users'), ('users:' || r.user_type))`],
  [
    'list_totals_values',
    'performance_metrics',
    `(select 'metric_values:type:' || r.metric_type_id)`,
  ],
] as const;

/** A name's change: the changed rows' names summed, rows added counting 1 and removed -1. */
function deltas(changed: string): string {
  return `select array_agg(name), array_agg(delta) into names, deltas
        from (select name, sum(sign)::bigint as delta from ${changed} c group by name) d
        where delta <> 0;`;
}

function countingFunction(name: string, namesOf: string) {
  const rows = (sign: number, table: string) =>
    `select t.name, ${sign} as sign from ${table} r cross join lateral ${namesOf.replace(/\n/g, '\n        ')} t(name)`;
  return fn(
    name,
    `CREATE OR REPLACE FUNCTION ${name}()
   RETURNS trigger
   LANGUAGE plpgsql
  AS $function$
        declare names text[]; deltas bigint[];
        begin
          if tg_op = 'INSERT' then
        ${deltas(`(${rows(1, 'new_rows')})`)}
          elsif tg_op = 'DELETE' then
        ${deltas(`(${rows(-1, 'old_rows')})`)}
          else
        ${deltas(`(${rows(1, 'new_rows')} union all ${rows(-1, 'old_rows')})`)}
          end if;
          if names is not null then
            insert into list_totals as t (name, shard, value)
            select u.name, pg_backend_pid() % 16, u.delta from unnest(names, deltas) as u(name, delta)
            order by u.name
            on conflict (name, shard) do update set value = t.value + excluded.value;
          end if;
          return null;
        end $function$`,
  );
}

const TRANSITION_TABLES = {
  DELETE: 'OLD TABLE AS old_rows',
  INSERT: 'NEW TABLE AS new_rows',
  UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
} as const;

function countingTriggers(name: string, table: string) {
  return (['DELETE', 'INSERT', 'UPDATE'] as const).map((op) => {
    const triggerName = `${name}_${op.toLowerCase()}`;
    return trigger(
      table,
      triggerName,
      `CREATE TRIGGER ${triggerName} AFTER ${op} ON ${table}
  REFERENCING ${TRANSITION_TABLES[op]}
  FOR EACH STATEMENT
  EXECUTE FUNCTION ${name}()`,
    );
  });
}

/** The trigger order of the baseline: audit entries, values, questions, accounts. */
const TRIGGER_ORDER = [
  'list_totals_audit',
  'list_totals_values',
  'list_totals_questions',
  'list_totals_users',
];

export const listTotalsPostgresChange = [
  ...COUNTED.map(([name, , namesOf]) => countingFunction(name, namesOf)),
  ...TRIGGER_ORDER.flatMap((name) =>
    countingTriggers(name, COUNTED.find(([counted]) => counted === name)![1]),
  ),
];
