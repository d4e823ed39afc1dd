/**
 * Recognises constraint violations from either engine, so a race that slips past a service's
 * own check (two people creating the same name at once) still answers 409 rather than 500.
 */

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** PostgreSQL 23505 or SQLite SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** PostgreSQL 23503 or SQLite SQLITE_CONSTRAINT_FOREIGNKEY. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
