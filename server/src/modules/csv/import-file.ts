import type { z } from 'zod';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_PROBLEMS,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '#contract/csv-import';
import { eachCsvRecord } from '../../lib/csv';
import { badRequest } from '../../lib/errors';

/**
 * What both imports share: reading the file into rows under their column names (a clear 400
 * when the file or its header is unusable), collecting each row's problems, and the report.
 * Everything here runs in the import's worker thread (import.worker.ts) and touches no database.
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
  let header: string[] | null = null;
  let positions: [C, number][] = [];
  const rows: ImportRow<C>[] = [];
  // Records are read one at a time: a file of blank lines costs a pass over it and keeps nothing.
  let index = 0;
  eachCsvRecord(text, (record) => {
    index++;
    if (header === null) {
      header = record.map(columnName);
      positions = checkHeader(header, columns);
      return;
    }
    if (record.every((cell) => cell === '')) return;
    const row = index;
    const cells: Partial<Record<C, string>> = {};
    for (const [name, position] of positions) cells[name] = record[position] ?? '';
    rows.push({ row, cells });
    if (record.length > header.length && record.slice(header.length).some((cell) => cell !== '')) {
      problems.add(row, undefined, IMPORT_MESSAGES.tooManyValues(record.length, header.length));
    }
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows, 'csv');
  });
  if (header === null) throw badRequest(IMPORT_MESSAGES.emptyFile, 'csv');
  const names: string[] = header;
  const known = new Set<string>(columns.known);
  const expected = new Set(columns.expected ?? []);
  const ignoredColumns = names.filter(
    (name) => name !== '' && !known.has(name) && !expected.has(name),
  );
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.noRows, 'csv');
  return { rows, columns: names, ignoredColumns };
}

/** The header's known columns and their positions; a 400 when it cannot be read. */
function checkHeader<C extends string>(header: string[], columns: ImportColumns<C>): [C, number][] {
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
  return header
    .map((name, index) => [name, index] as const)
    .filter(([name]) => known.has(name)) as [C, number][];
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
