import type { AliasedExpression, Expression } from 'kysely';
import type { ListEmployeesQuery } from '#contract/employees';
import type { StaffFilterShape, StaffFilterValues } from './staff-list-filters';

/** The staff list's page as a derived table `p`: its shape, values and keys' columns. */

export type StaffPageShape = StaffFilterShape & Pick<ListEmployeesQuery, 'sort' | 'order'>;
export type StaffPageValues = StaffFilterValues & { limit: number; offset: number };
export type PageOrder = [Expression<unknown>, 'asc' | 'desc'][];

/** The page's ids and the values they are ordered by (or its ids alone, when asked), as `p`. */
export type PageTable = AliasedExpression<{ id: number }, 'p'>;

/** The column of the page's derived table holding its `i`th sort key. */
export const sortKey = (i: number) => `sort_key_${i}`;
