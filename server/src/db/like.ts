import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */

/** Escapes LIKE wildcards so that a search for "50%" or "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%` in lower case with LIKE's wildcards escaped: for `lower(column) like` searches. */
export function lowerContainsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** `%text%` with LIKE's wildcards escaped, its case kept: for containsIgnoringCase. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * `<expression>` contains `text`, ignoring case, with wildcards taken literally. PostgreSQL's
 * ILIKE folds case; SQLite's LIKE already ignores (ASCII) case, which is also all its lower()
 * would fold, and skipping lower() spares a function call on every row a scan reads.
 */
export function containsIgnoringCase(
  db: Kysely<any>,
  expression: RawBuilder<unknown>,
  text: string,
): RawBuilder<boolean> {
  return likeIgnoringCase(db, expression, containsPattern(text));
}

/** containsIgnoringCase for a pattern made before (containsPattern), such as a query's value. */
export function likeIgnoringCase(
  db: Kysely<any>,
  expression: RawBuilder<unknown>,
  pattern: string,
): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`(${expression}) ilike ${pattern} escape '\\'`
    : sql<boolean>`(${expression}) like ${pattern} escape '\\'`;
}
