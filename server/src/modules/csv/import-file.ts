import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_PROBLEMS,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '#contract/csv-import';
import type { DB } from '../../db/schema';
import { readCsvRecords } from '../../lib/csv';
import { badRequest, conflict } from '../../lib/errors';
import { compactKeptTotals } from '../insights/insight-totals.repository';

/**
 * What both imports share: reading the file into rows under their column names (a clear 400
 * when the file or its header is unusable), collecting each row's problems, and the report.
 */

export interface ImportColumns<C extends string> {
  /** Columns the import reads. */
  known: readonly C[];
  /** Columns the header must have; an inner list means at least one of them. */
  required: readonly (C | readonly C[])[];
  /** Columns that may be present and mean nothing here (an export's extra columns). */
  expected?: readonly string[];
}

export interface ImportRow<C extends string> {
  /** The row as a spreadsheet numbers it: the header is 1. */
  row: number;
  /** Each known column present in the header, trimmed ('' when empty). */
  cells: Partial<Record<C, string>>;
}

export interface ImportFile<C extends string> {
  rows: ImportRow<C>[];
  /** The header's column names, in the file's order. */
  columns: string[];
  ignoredColumns: string[];
}

/** "First Name", "first-name" and " FIRST_NAME " all name first_name. */
export function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function describeRequired(entry: string | readonly string[]): string {
  return typeof entry === 'string' ? entry : entry.join(' or ');
}

/**
 * The rows of a CSV file. Refused with a 400 on `csv`: no header, a header naming a column twice
 * or lacking a required one, no rows, or too many. A row with values beyond the header's columns
 * is refused in the report; missing trailing values read as empty; blank rows are skipped.
 */
export function readImportFile<C extends string>(
  text: string,
  columns: ImportColumns<C>,
  problems: ImportProblems,
): ImportFile<C> {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest(IMPORT_MESSAGES.emptyFile, 'csv');
  const records = readCsvRecords(text);
  const header = (records[0] ?? []).map(columnName);
  if (header.every((name) => name === '')) throw badRequest(IMPORT_MESSAGES.emptyFile, 'csv');

  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') continue;
    if (seen.has(name)) throw badRequest(IMPORT_MESSAGES.duplicateColumn(name), 'csv');
    seen.add(name);
  }
  const missing = columns.required
    .filter((entry) =>
      typeof entry === 'string' ? !seen.has(entry) : !entry.some((name) => seen.has(name)),
    )
    .map(describeRequired);
  if (missing.length > 0) throw badRequest(IMPORT_MESSAGES.missingColumns(missing), 'csv');

  const known = new Set<string>(columns.known);
  const expected = new Set(columns.expected ?? []);
  const ignoredColumns = header.filter(
    (name) => name !== '' && !known.has(name) && !expected.has(name),
  );
  const positions = header
    .map((name, index) => [name, index] as const)
    .filter(([name]) => known.has(name)) as [C, number][];

  const rows: ImportRow<C>[] = [];
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    if (record.every((cell) => cell === '')) continue;
    const row = index + 1;
    const cells: Partial<Record<C, string>> = {};
    for (const [name, position] of positions) cells[name] = record[position] ?? '';
    rows.push({ row, cells });
    if (record.length > header.length && record.slice(header.length).some((cell) => cell !== '')) {
      problems.add(row, undefined, IMPORT_MESSAGES.tooManyValues(record.length, header.length));
    }
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows, 'csv');
  }
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.noRows, 'csv');
  return { rows, columns: header, ignoredColumns };
}

/** The problems found so far, by row. */
export class ImportProblems {
  private readonly found: ImportProblem[] = [];
  private readonly refused = new Set<number>();

  add(row: number, field: string | undefined, message: string): void {
    this.found.push(field === undefined ? { row, message } : { row, field, message });
    this.refused.add(row);
  }

  /** The issues of a zod check, on the columns they name: the first for each column. */
  addIssues(row: number, issues: readonly z.core.$ZodIssue[]): void {
    const named = new Set<string | undefined>();
    for (const issue of issues) {
      const [key] = issue.path;
      const field = key === undefined ? undefined : String(key);
      if (named.has(field)) continue;
      named.add(field);
      this.add(row, field, issue.message);
    }
  }

  has(row: number): boolean {
    return this.refused.has(row);
  }

  get refusedRows(): number {
    return this.refused.size;
  }

  /**
   * By row, and within a row by the file's column order (problems of the whole row first), cut
   * at MAX_REPORTED_PROBLEMS.
   */
  listed(columns: readonly string[]): { refused: ImportProblem[]; refused_truncated: boolean } {
    const place = (problem: ImportProblem) =>
      problem.field === undefined ? -1 : columns.indexOf(problem.field);
    const sorted = [...this.found].sort((a, b) => a.row - b.row || place(a) - place(b));
    return {
      refused: sorted.slice(0, MAX_REPORTED_PROBLEMS),
      refused_truncated: sorted.length > MAX_REPORTED_PROBLEMS,
    };
  }
}

export function importReport(outcome: {
  mode: ImportMode;
  dryRun: boolean;
  totalRows: number;
  validRows: number;
  imported: number;
  problems: ImportProblems;
  file: ImportFile<string>;
}): ImportReport {
  return {
    mode: outcome.mode,
    dry_run: outcome.dryRun,
    total_rows: outcome.totalRows,
    valid_rows: outcome.validRows,
    imported: outcome.imported,
    refused_rows: outcome.problems.refusedRows,
    ...outcome.problems.listed(outcome.file.columns),
    ignored_columns: outcome.file.ignoredColumns,
  };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The answer's message: what happened, in a sentence. */
export function importMessage(report: ImportReport): string {
  const refused = plural(report.refused_rows, 'row');
  if (report.dry_run) {
    return `Checked ${plural(report.total_rows, 'row')}: ${plural(report.valid_rows, 'row')} can be imported, ${refused} would be refused`;
  }
  if (report.imported === 0) {
    return report.mode === 'all_or_nothing'
      ? `Nothing imported: ${report.refused_rows.toLocaleString('en-US')} of ${plural(report.total_rows, 'row')} ${report.refused_rows === 1 ? 'was' : 'were'} refused (all or nothing)`
      : 'Nothing imported: every row was refused';
  }
  return `${plural(report.imported, 'row')} imported, ${refused} refused`;
}

/** Whether the valid rows are to be stored. */
export function shouldStore(
  mode: ImportMode,
  dryRun: boolean,
  problems: ImportProblems,
  validRows: number,
) {
  if (dryRun || validRows === 0) return false;
  return mode === 'valid_rows_only' || problems.refusedRows === 0;
}

/** Lists in slices, for `in (...)` lookups and multi-row inserts within parameter limits. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size));
  return result;
}

/**
 * An import's checks and writes, `run` with the database: as they are on a dry run (which
 * stores nothing), else in one transaction. Another request can change what the file was
 * checked against before the writes land; `lostRace` tells that engine error, which becomes a
 * 409 with `raceMessage`, nothing stored.
 */
export async function runImport(
  db: Kysely<DB>,
  dryRun: boolean,
  run: (trx: Kysely<DB>) => Promise<ImportReport>,
  lostRace: (error: unknown) => boolean,
  raceMessage: string,
): Promise<ImportReport> {
  if (dryRun) return run(db);
  let report: ImportReport;
  try {
    report = await db.transaction().execute(run);
  } catch (error) {
    if (lostRace(error)) throw conflict(raceMessage);
    throw error;
  }
  // Thousands of rows in one statement leave the totals the triggers keep spread over pages.
  if (report.imported > 0) await compactKeptTotals(db);
  return report;
}
