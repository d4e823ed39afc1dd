import type { Engine } from '../database';

/**
 * The one shape every derived table (or family of them) is declared in. A derived table is
 * computed from others and kept current on write; its declaration says from what, by which
 * triggers, how to recompute it and how to tell when it disagrees with a recomputation.
 */

export type PerEngine<T> = Readonly<Record<Engine, T>>;

/** One object of the schema that keeps derived data: a trigger, or a trigger's function. */
export interface DdlStatement {
  kind: 'trigger' | 'function';
  name: string;
  /** The table a trigger fires on (a function has none). */
  table?: string;
  /** The statement as the migrated schema holds it (compared with whitespace normalised). */
  sql: string;
}

/**
 * A row a consistency check answers: one key of a derived table whose stored figures differ from
 * those recomputed from the sources (`null` on the side where the row is missing).
 */
export interface Disagreement {
  derived_table: string;
  row_key: string;
  stored: string | null;
  recomputed: string | null;
}

export interface DerivedDeclaration {
  name: string;
  /** One line: why it exists (what reads it). */
  purpose: string;
  /** The derived tables it keeps, per engine (none: a column or a lock kept on data tables). */
  tables: PerEngine<readonly string[]>;
  /** The tables it is computed from. */
  sources: readonly string[];
  /** Who writes it: the triggers below, or a named part of the application. */
  keptBy: string;
  /** Triggers and their functions, in the order they are created. */
  change: PerEngine<readonly DdlStatement[]>;
  /**
   * Statements that recompute the tables from their sources (DELETE + INSERT ... SELECT), run in
   * order in one transaction. `:time_zone` stands for the server's time zone.
   */
  rebuild: PerEngine<readonly string[]>;
  /**
   * One query answering `Disagreement` rows: empty when the tables agree with their sources.
   * `null` only for a declaration that keeps no table.
   */
  check: PerEngine<string | null>;
  /** What the rebuild or the check cannot do, when they fall short of an exact recomputation. */
  limits?: string;
}

/**
 * A statement as written in a declaration, without the indentation its place in the source
 * gives every line: the database keeps a function's body and a SQLite trigger's text as sent.
 */
function dedent(statement: string): string {
  const lines = statement
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split('\n');
  const indents = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length);
  const common = Math.min(...indents);
  return lines.map((line) => line.slice(common)).join('\n');
}

export function trigger(table: string, name: string, statement: string): DdlStatement {
  return { kind: 'trigger', table, name, sql: dedent(statement) };
}

export function fn(name: string, statement: string): DdlStatement {
  return { kind: 'function', name, sql: dedent(statement) };
}

export function declare(declaration: DerivedDeclaration): DerivedDeclaration {
  return declaration;
}
