import { sql, type RawBuilder } from 'kysely';

/** Escapes LIKE wildcards so that a search for "50%" or "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `lower(<expression>) like '%<text>%'`, case-insensitive and identical on SQLite and PostgreSQL
 * (SQLite's LIKE ignores ASCII case only, PostgreSQL's not at all; lower() on both sides agrees).
 */
export function containsIgnoringCase(
  expression: RawBuilder<unknown>,
  text: string,
): RawBuilder<boolean> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
}
