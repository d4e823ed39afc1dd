import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import type { AuthUserRow } from './auth-user';

const AUTH_COLUMNS = [
  'id',
  'email',
  'firstname',
  'lastname',
  'user_type',
  'employee_id',
  'password_is_temporary',
  'password_hash',
] as const;

export function findCredentialsByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').select(AUTH_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findCredentialsById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(AUTH_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * A figure of the caller's own that a route answers on every call (their rank, say), read by the
 * guard in the statement that reads their account: one statement a request instead of two. Given
 * the caller's employee id as SQL, it is one value, null when there is none. It must be a read
 * without parameters of its own (the statement is compiled once per figure; constants written
 * into its SQL, such as the month a dashboard reads, make another figure), and it is computed
 * before the guard has checked the session, so it may only be answered once the guard is done.
 */
export type CallerFigure = (employeeId: Expression<number | null>) => RawBuilder<unknown>;

type SessionRow = AuthUserRow & {
  tokens_valid_after: number | string;
  data_version: number | string | null;
  caller_figure?: unknown;
};

function sessionUserQuery(figure: CallerFigure | null) {
  const figureColumn = figure
    ? sql`, (${figure(sql.ref('users.employee_id'))}) as caller_figure`
    : sql``;
  return preparedQuery(
    (id: number) => sql<SessionRow>`
      select id, email, firstname, lastname, user_type, employee_id, password_is_temporary,
        tokens_valid_after,
        (select value from list_totals where name = 'data_version') as data_version
        ${figureColumn}
      from users where id = ${id}`,
  );
}

/**
 * The session statement per figure (a few: one per route that declares one, the dashboard's
 * one per month) and without. Past a few dozen, all are forgotten (none expected).
 */
const sessionUserQueries = new Map<CallerFigure | null, ReturnType<typeof sessionUserQuery>>();
const MAX_SESSION_QUERIES = 32;

/**
 * The account behind a session and when its tokens were last revoked: read on every signed-in
 * request, never remembered, so a password change, role change or deletion takes effect at once.
 * The same statement reads the data version the response cache checks, so a cached answer costs
 * no second round trip, and the route's caller figure if it has one. One statement compiled once
 * (building it through Kysely cost as much as running it).
 */
export async function findSessionUser(
  db: Kysely<DB>,
  id: number,
  figure: CallerFigure | null = null,
) {
  let query = sessionUserQueries.get(figure);
  if (!query) {
    if (sessionUserQueries.size >= MAX_SESSION_QUERIES) sessionUserQueries.clear();
    query = sessionUserQuery(figure);
    sessionUserQueries.set(figure, query);
  }
  const [row] = await query(db, id);
  return row;
}

/** Sets a new password and revokes every token issued before now. */
export async function replacePassword(db: Kysely<DB>, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_is_temporary: 0,
      tokens_valid_after: Date.now(),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}
