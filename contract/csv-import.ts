import { z } from 'zod';
import { STAFF_CSV_COLUMNS } from './csv-export';

/**
 * CSV imports of staff and of metric values (issue 8).
 *
 * `POST /api/employees/import` and `POST /api/performance-metrics/import` take the text of a CSV
 * file in JSON, `{ csv, mode, dry_run }`, and answer a report of every row. Each row is checked
 * with the rules of the forms and of the single-record API (the same schemas and messages);
 * then, in one transaction with one audit entry:
 *
 * - `all_or_nothing` (the default) stores every row, or none at all when any row is refused;
 * - `valid_rows_only` stores exactly the rows that passed, and reports the others.
 *
 * `dry_run: true` checks the whole file the same way and stores nothing (no audit entry): a
 * screen can show the report first and let the person choose the mode.
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1, the first record row 2
 * (a quoted value may span lines; it is still one row). Blank rows are skipped.
 */

export const IMPORT_MODES = ['all_or_nothing', 'valid_rows_only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A request may carry a file of up to this size (the JSON body as sent). */
export const IMPORT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Rows of one import; a bigger file is split into several imports. */
export const MAX_IMPORT_ROWS = 100_000;
/** Problems listed in a report; `refused_rows` still counts every refused row. */
export const MAX_REPORTED_PROBLEMS = 1000;

export const csvImportBodySchema = z.object({
  csv: z
    .string({ error: 'csv is required: the text of the CSV file' })
    .describe('The text of the CSV file, header row first'),
  mode: z
    .enum(IMPORT_MODES, { error: `mode must be one of ${IMPORT_MODES.join(', ')}` })
    .default('all_or_nothing'),
  dry_run: z
    .boolean({ error: 'dry_run must be true or false' })
    .default(false)
    .describe('Check every row and store nothing'),
});
export type CsvImportBody = z.infer<typeof csvImportBodySchema>;
export type CsvImportInput = z.input<typeof csvImportBodySchema>;

export const importProblemSchema = z.object({
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  /** The column at fault, when one is. */
  field: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importReportSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  dry_run: z.boolean(),
  /** Rows read (blank rows not counted). */
  total_rows: z.number().int(),
  /** Rows that passed every check. */
  valid_rows: z.number().int(),
  /** Rows stored: 0 for a dry run and for an all-or-nothing import with a refused row. */
  imported: z.number().int(),
  /** Rows refused (a row may have several problems). */
  refused_rows: z.number().int(),
  /** Each problem of each refused row, in row order (at most MAX_REPORTED_PROBLEMS). */
  refused: z.array(importProblemSchema),
  /** More problems were found than are listed. */
  refused_truncated: z.boolean(),
  /** Header columns the import does not know, which were ignored. */
  ignored_columns: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importResultSchema = z.object({ report: importReportSchema });
export type ImportResult = z.infer<typeof importResultSchema>;

/** The staff import takes the staff export's columns. */
export const STAFF_IMPORT_COLUMNS = STAFF_CSV_COLUMNS;
export const STAFF_REQUIRED_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'position',
  'department',
  'join_date',
] as const;

/**
 * Metric values name their employee by email or id and their type by name or id; the email
 * and the name decide when both are given (the ids of another database differ). `created_at`
 * is an optional past date or date-time (history), as in the form. Other columns of the metric
 * value export (id, names, unit, updated_at) are ignored, so an export re-imports.
 */
export const METRIC_VALUE_IMPORT_COLUMNS = [
  'employee_email',
  'employee_id',
  'metric_name',
  'metric_type_id',
  'value',
  'comment',
  'created_at',
] as const;
/** Each entry is a column, or columns of which at least one is needed. */
export const METRIC_VALUE_REQUIRED_COLUMNS = [
  ['employee_email', 'employee_id'],
  ['metric_name', 'metric_type_id'],
  'value',
] as const;

/** Columns a metric value export carries besides those imported: expected, so not reported. */
export const METRIC_VALUE_EXPORT_ONLY_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'unit',
  'updated_at',
] as const;

export const IMPORT_MESSAGES = {
  emptyFile: 'The file is empty: its first row must name the columns',
  noRows: 'The file has a header but no rows to import',
  tooManyRows: `A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: split it into several imports`,
  missingColumns: (columns: string[]) =>
    `The header lacks required column${columns.length === 1 ? '' : 's'}: ${columns.join(', ')}`,
  duplicateColumn: (column: string) => `The header names the column ${column} twice`,
  blankColumn: (position: number) => `Column ${position} of the header has no name`,
  tooManyValues: (values: number, columns: number) =>
    `This row has ${values} values but the header names ${columns} columns`,
} as const;
