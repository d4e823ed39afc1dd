import { sql, type Kysely } from 'kysely';
import type { ListUsersQuery } from '#contract/users';
import { isPostgres } from '../../db/dialect';
import { containsPattern, likeIgnoringCase } from '../../db/like';
import type { DB } from '../../db/schema';
import {
  ftsIds,
  hasTrigram,
  loweredContains,
  trigramQuery,
  usesTrigramIndex,
} from '../../db/text-search';
import type { ListTotalName } from '../list-totals/list-totals.repository';
import { accounts } from './users.repository';

/** The accounts list's filters (search and role) as SQL: what a page and a count test. */

type UserFilters = Partial<Pick<ListUsersQuery, 'user_type' | 'search'>>;

/**
 * Accounts whose name or email contains the text, ignoring case. SQLite: the accounts' FTS5
 * trigram index of migration 0005 (db/text-search.ts) for 3 characters or more, the LIKEs
 * otherwise. PostgreSQL: the accounts' lowered name and email (stored generated columns of
 * 0005, each with its GIN trigram index), tested by a plain LIKE rather than an ILIKE lowering
 * each row again. As a compiled query needs them: what its SQL says (the shape) apart from what
 * it is run with (the values, the search term made from the text once).
 */
export function userFilters(db: Kysely<DB>, filters: UserFilters) {
  const text = filters.search;
  const index = !text
    ? null
    : isPostgres(db)
      ? ('lowered' as const)
      : usesTrigramIndex(db, text, 'ascii')
        ? ('trigram' as const)
        : ('like' as const);
  return {
    shape: {
      search: index,
      /** The text has a trigram, so PostgreSQL's GIN indexes serve it. */
      trigrams: Boolean(text && hasTrigram(text)),
      userType: Boolean(filters.user_type),
    },
    values: {
      term: !text ? '' : index === 'trigram' ? trigramQuery(text, 'ascii') : containsPattern(text),
      userType: filters.user_type ?? 'employee',
      total: (filters.user_type ? `users:${filters.user_type}` : 'users') as ListTotalName,
    },
  };
}

export type UserFilterShape = ReturnType<typeof userFilters>['shape'];
export type UserFilterValues = ReturnType<typeof userFilters>['values'];

function userMatch(db: Kysely<DB>, index: NonNullable<UserFilterShape['search']>, term: string) {
  if (index === 'trigram') return sql<boolean>`u.id in (${ftsIds('users_search', term)})`;
  if (index === 'lowered') {
    return sql<boolean>`(${loweredContains(sql.ref('u.search_name'), term)}
      or ${loweredContains(sql.ref('u.search_email'), term)})`;
  }
  return sql<boolean>`(${likeIgnoringCase(db, sql`u.firstname || ' ' || u.lastname`, term)}
    or ${likeIgnoringCase(db, sql`u.email`, term)})`;
}

export function filteredUsers(db: Kysely<DB>, shape: UserFilterShape, values: UserFilterValues) {
  let builder = accounts(db);
  if (shape.userType) builder = builder.where('u.user_type', '=', values.userType);
  if (shape.search) builder = builder.where(userMatch(db, shape.search, values.term));
  return builder;
}
