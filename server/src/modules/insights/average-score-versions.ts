import { sql } from 'kysely';
import { tableVersions } from '../../db/page-keys';
import type { FilterShape } from './average-score-filters';

/** What the average-score list's statements share: a run's shape and what versions an entry. */

export type Direction = 'asc' | 'desc';

export type PageValues = { limit: number; offset: number };

/**
 * A run's shape. `counted`: the page's first run by score with no search, which also reads the
 * counts kept by triggers (keptCounts), and reads no entry when the page starts past its end.
 */
export type Ordered = FilterShape & { direction: Direction; counted?: boolean };

/**
 * What an entry of the list shows moves its version, one text: the count and sum its average
 * comes from (`2.15000`; `.` with no scores), with the version of `employees` (migration 0021)
 * for its name, email, position and department. Not the employee's row version: a page's keys
 * are then read from indexes alone (the name index; the rank index, migration 0022), no
 * employee's row looked up. A page's keys are read first, each entry's id and version in one
 * text (lib/remembered-items.ts, `PageKeys`); its rows, with the same versions, only when the
 * service does not remember every entry (average-scores.service.ts).
 */
export const VERSION = {
  scored: sql<string>`coalesce(cast(s.metric_count as text), '')
    || '.' || coalesce(cast(s.value_sum_hundredths as text), '')`.as('version'),
  unscored: sql<string>`'.'`.as('version'),
};

/** The tables whose rows an entry shows besides its scores: the employee's own. */
const SHOWN_TABLES = ['employees'] as const;
export const shownTables = () => tableVersions(SHOWN_TABLES).as('tables');
