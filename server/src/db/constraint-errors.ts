/**
 * Recognises a unique-constraint violation from either engine, so a race that slips past a
 * service's "is it taken?" check still ends as a 409 and not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: unique_violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY).
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Recognises a foreign-key violation from either engine: a record the write refers to was
 * deleted by a concurrent transaction after the service checked it was there. Services answer
 * it as they would have had the delete come first.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: foreign_key_violation. better-sqlite3: SQLITE_CONSTRAINT_FOREIGNKEY.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The violated constraint's name ("bonuses_employee_id_fkey"); PostgreSQL says, SQLite does not. */
export function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const name = (error as { constraint?: unknown }).constraint;
  return typeof name === 'string' ? name : undefined;
}

/** PostgreSQL codes of a database that cannot serve the statement now, though it may soon. */
const UNAVAILABLE_CODES = new Set([
  '55P03', // lock_not_available: lock_timeout passed while another transaction held the lock
  '57014', // query_canceled: statement_timeout, or cancelled by an operator
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '53300', // too_many_connections
]);

/** Errors of the network under pg: the database's address refused, reset or did not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg says, without a code, of a connection that ended or never opened in time. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/**
 * Recognises a database that is busy or out of reach, on either engine: another process holding
 * SQLite's write lock past the busy timeout, a PostgreSQL lock or statement timeout, a refused,
 * lost or terminated connection. The statement did not happen (a transaction it was part of is
 * rolled back), so the request can be asked again: a 503, not a 500 (plugins/errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // better-sqlite3: SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, ..._TIMEOUT).
    if (code.startsWith('SQLITE_BUSY')) return true;
    if (UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    // Class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
