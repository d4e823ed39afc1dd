import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import type { CallerFigure } from '../auth/auth.repository';

/**
 * Rankings (PRODUCT.md section 3): staff with at least one metric value, by average score
 * desc, then metric count desc, then last name, first name, id. The first two keys are the
 * `employee_scores_rank_idx` index, so the top N is a short index walk plus a small sort of the
 * rows tied on them; nothing reads the metric values.
 */

export interface RankedRow {
  id: number;
  first_name: string;
  last_name: string;
  position: string;
  department: string;
  average_score: number;
  metric_count: number;
}

/** The ranking version as an SQL expression. */
const rankingVersionValue = sql<
  number | string
>`(select cast(sum(value) as bigint) from insight_totals
  where name = 'ranking_version')`;

const rankingVersionQuery = preparedQuery(
  () => sql<{ value: number | string }>`select ${rankingVersionValue} as value`,
);

/** Changes whenever anything the rankings show may have changed (kept by triggers). */
export async function rankingVersion(db: Kysely<DB>): Promise<number> {
  const [row] = await rankingVersionQuery(db);
  return Number(row?.value ?? 0);
}

/**
 * Every ranked employee (one metric value at least) with what a ranking shows, in no order yet:
 * the top N below and the rankings export take it from here.
 */
export function rankedStaff(db: Kysely<DB>) {
  return db
    .selectFrom('employee_scores as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .select([
      'e.id',
      'e.first_name',
      'e.last_name',
      'e.position',
      'e.department',
      's.average_score',
      's.metric_count',
    ])
    .where('s.metric_count', '>', 0);
}

export function topRanked(db: Kysely<DB>, limit: number): Promise<RankedRow[]> {
  return rankedStaff(db)
    .orderBy('s.average_score', 'desc')
    .orderBy('s.metric_count', 'desc')
    .orderBy('e.last_name')
    .orderBy('e.first_name')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/**
 * How many ranked staff are ahead of the employee, as one value (null when they are unranked):
 * 1 + that is their rank. Staff in higher whole-number scores come from the maintained
 * histogram (at most 100 rows); only those in the same whole number are counted through the
 * index, and only exact ties on score and count are compared by name.
 */
function staffAheadOf(employeeId: number) {
  return sql<number | string | null>`(select
      coalesce((select sum(h.staff_count) from score_histogram h
                where h.bucket > floor(me.average_score)), 0)
      + (select count(*) from employee_scores s
         where s.average_score > me.average_score
           and s.average_score < floor(me.average_score) + 1
           and s.metric_count > 0)
      + (select count(*) from employee_scores s
         where s.average_score = me.average_score and s.metric_count > me.metric_count)
      + (select count(*) from employee_scores s
         join employees e on e.id = s.employee_id
         where s.average_score = me.average_score and s.metric_count = me.metric_count
           and (e.last_name < my.last_name
             or (e.last_name = my.last_name and (e.first_name < my.first_name
               or (e.first_name = my.first_name and e.id < my.id)))))
    from employee_scores me
    join employees my on my.id = me.employee_id
    where me.employee_id = ${employeeId} and me.metric_count > 0)`;
}

/**
 * The ranking version, read by the guard with the caller's account (a CallerFigure of
 * auth.repository.ts, the same for every caller): one row by its key, all top10-status needs
 * when this instance remembers the caller's standing at that version.
 */
export const rankingVersionForCaller: CallerFigure = () => rankingVersionValue;

const staffAheadQuery = preparedQuery(
  (employeeId: number) =>
    sql<{
      ahead: number | string | null;
      version: number | string;
    }>`select ${staffAheadOf(employeeId)} as ahead, ${rankingVersionValue} as version`,
);

/**
 * How many staff are ahead of the employee, with the ranking version it was read at (one
 * statement, so the two agree).
 */
export async function staffAhead(db: Kysely<DB>, employeeId: number) {
  const [row] = await staffAheadQuery(db, employeeId);
  return { ahead: row?.ahead ?? null, version: Number(row?.version ?? 0) };
}
