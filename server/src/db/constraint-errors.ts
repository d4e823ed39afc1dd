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
