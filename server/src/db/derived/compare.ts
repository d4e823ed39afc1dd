import type { Engine } from '../database';

/**
 * Builds a consistency check's SQL: the rows of one derived table, each rendered as a key and a
 * text of its figures, against the same rendering recomputed from the sources. A row missing on
 * one side, or whose text differs, is a disagreement.
 */

export interface Rendering {
  /** A text expression naming the row. */
  key: string;
  /** A text expression of the row's figures. */
  value: string;
  /** The rest of the query: `from ... [where ...] [group by ...]`. */
  from: string;
}

export function disagreements(
  engine: Engine,
  table: string,
  stored: Rendering,
  recomputed: Rendering,
): string {
  const differs = engine === 'postgres' ? 'is distinct from' : 'is not';
  return `select '${table}' as derived_table, coalesce(s.k, f.k) as row_key,
  s.v as stored, f.v as recomputed
from (select ${stored.key} as k, ${stored.value} as v ${stored.from}) as s
full outer join (select ${recomputed.key} as k, ${recomputed.value} as v ${recomputed.from}) as f
  on f.k = s.k
where s.v ${differs} f.v`;
}

/** Several tables' checks as one query. */
export function anyOf(...checks: string[]): string {
  return checks.map((check) => `select * from (${check}) as c`).join('\nunion all\n');
}

/** A text cast on either engine. */
export const text = (expression: string) => `cast(${expression} as text)`;
