import { sql, type Kysely } from 'kysely';
import type { ListUsersQuery } from '#contract/users';
import { isPostgres } from '../../db/dialect';
import { containsPattern, likeIgnoringCase } from '../../db/like';
import type { DB } from '../../db/schema';
import {
  ftsIds,
  idAmong,
  loweredMatch,
  loweredMatches,
  needle,
  trigramQuery,
  usesTrigramTable,
} from '../../db/text-search';
import type { ListTotalName } from '../list-totals/list-totals.repository';
import { accounts } from './users.repository';

/** The accounts list's filters (search and role) as SQL: what a page and a count test. */

type UserFilters = Partial<Pick<ListUsersQuery, 'user_type' | 'search'>>;

/**
 * Accounts whose name or email contains the text, ignoring case. SQLite: the exact trigram table
 * of migration 0009 (db/text-search.ts) for 3 characters or more, the LIKEs otherwise.
 * PostgreSQL: 0010's `users_search`, both texts already lower-cased, so its trigram indexes'
 * candidates are rechecked by a plain LIKE rather than an ILIKE lowering each row again; read
 * first unless `walk` (see listUsers). As a compiled query needs them: what its SQL says (the
 * shape) apart from what it is run with (the values, the search term made from the text once).
 */
export function userFilters(db: Kysely<DB>, filters: UserFilters) {
  const text = filters.search;
  const index = !text
    ? null
    : usesTrigramTable(db, text, 'ascii')
      ? ('trigram' as const)
      : isPostgres(db)
        ? ('search-table' as const)
        : ('like' as const);
  const folded = index === 'trigram' ? needle(text!, 'ascii') : '';
  return {
    shape: {
      search: index,
      userType: Boolean(filters.user_type),
      /**
       * The needle is a single trigram, so its postings are its matches (SQLite: 0025;
       * PostgreSQL: 0027, for 3 ASCII characters, which lower() keeps 3 characters in any
       * locale, where a longer or non-ASCII text is rechecked).
       */
      oneTrigram: index === 'search-table' ? /^[ -~]{3}$/.test(text!) : [...folded].length === 3,
      /** PostgreSQL: the text has a trigram, so 0027's postings hold its first one's matches. */
      posted: index === 'search-table' && [...text!].length >= 3,
    },
    values: {
      term: !text ? '' : index === 'trigram' ? trigramQuery(text, 'ascii') : containsPattern(text),
      /** SQLite: the text as the postings hold texts; PostgreSQL: as asked, lowered in SQL. */
      needle: index === 'search-table' ? text! : folded,
      userType: filters.user_type ?? 'employee',
      total: (filters.user_type ? `users:${filters.user_type}` : 'users') as ListTotalName,
    },
  };
}

export type UserFilterShape = ReturnType<typeof userFilters>['shape'];
export type UserFilterValues = ReturnType<typeof userFilters>['values'];

/**
 * PostgreSQL: the ids of the accounts whose name or email contains the pattern (0010), and any
 * other of `users_search`'s columns asked for.
 */
const ACCOUNT_TEXTS = ['full_name', 'email'];

export const accountMatches = (pattern: string, columns: readonly string[] = []) =>
  loweredMatches('users_search', ACCOUNT_TEXTS, pattern, columns);

/** PostgreSQL: whether the row `s` of `users_search` matches, as accountMatches tests it. */
export const accountMatch = (pattern: string) => loweredMatch(ACCOUNT_TEXTS, pattern);

function userMatch(
  db: Kysely<DB>,
  index: NonNullable<UserFilterShape['search']>,
  term: string,
  walk: boolean,
) {
  if (index === 'trigram') return sql<boolean>`u.id in (${ftsIds('users_search', term)})`;
  if (index === 'search-table') return idAmong('u.id', accountMatches(term), { walk });
  return sql<boolean>`(${likeIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, term)}
    or ${likeIgnoringCase(db, sql`u.email`, term)})`;
}

export function filteredUsers(
  db: Kysely<DB>,
  shape: UserFilterShape,
  values: UserFilterValues,
  { walk = true } = {},
) {
  let builder = accounts(db);
  if (shape.userType) builder = builder.where('u.user_type', '=', values.userType);
  if (shape.search) builder = builder.where(userMatch(db, shape.search, values.term, walk));
  return builder;
}
