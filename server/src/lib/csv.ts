import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { CSV_MEDIA_TYPE } from '#contract/csv-export';
import { badRequest } from './errors';

/**
 * CSV in and out, through csv-stringify and csv-parse (RFC 4180 quoting, byte order mark, any
 * line ending), with the formula-injection rule of contract/csv-export.ts applied both ways.
 */

export const CSV_CONTENT_TYPE = `${CSV_MEDIA_TYPE}; charset=utf-8`;

export type CsvCell = string | number | null | undefined;
export type CsvRecord = Record<string, CsvCell>;

/** First characters a spreadsheet may take as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_CHARS = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const APOSTROPHES_BEFORE_FORMULA = new RegExp(`^'+[${FORMULA_CHARS}]`);
const PROTECTED_FORMULA = new RegExp(`^'(?='*[${FORMULA_CHARS}])`);

/**
 * csv-stringify's `escape_formulas` puts a `'` before a text starting with a formula character;
 * a text that already starts with `'` before one gets one more here, so that stripping a single
 * `'` on import (unprotectCell) gives every text back exactly.
 */
function protectApostrophes(value: string): string {
  return APOSTROPHES_BEFORE_FORMULA.test(value) ? `'${value}` : value;
}

/** The cell as it was before export: one `'` before a formula character removed. */
export function unprotectCell(cell: string): string {
  return PROTECTED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

const WRITE_OPTIONS: StringifyOptions = {
  record_delimiter: 'windows',
  // Set a record delimiter and csv-stringify stops quoting a lone \n or \r unless told to:
  // RFC 4180 wants any line break inside a value quoted.
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { string: protectApostrophes },
};

/**
 * The file as text chunks: the byte order mark and header first (even with no rows), then a
 * chunk per batch (records go to csv-stringify as arrays in column order).
 */
export async function* csvChunks(
  columns: readonly string[],
  batches: AsyncIterable<CsvRecord[]>,
): AsyncGenerator<string> {
  yield stringify([[...columns]], { ...WRITE_OPTIONS, bom: true });
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield stringify(
      batch.map((record) => columns.map((column) => record[column])),
      WRITE_OPTIONS,
    );
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `staff-2024-05-31.csv`: the date in the server's time zone. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/**
 * Streams a CSV download. Rows are pulled batch by batch as the client reads: the stream holds
 * at most one batch ahead of the socket, so memory stays flat whatever the size of the table,
 * and a client that goes away stops the queries (the batches' generator is returned). Fastify's
 * serialiser never sees the stream. An error after the first bytes cannot become an error
 * answer any more: the response is cut off, which a browser reports as a failed download.
 */
export function sendCsv(
  reply: FastifyReply,
  download: { fileName: string; columns: readonly string[]; batches: AsyncIterable<CsvRecord[]> },
) {
  const body = Readable.from(csvChunks(download.columns, download.batches), {
    objectMode: true,
    highWaterMark: 1,
  });
  return reply
    .code(200)
    .type(CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .send(body);
}

const PARSE_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted value must be doubled ("")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote inside a quoted value must be doubled ("")',
};

/**
 * The records of a CSV text, blank lines included (a spreadsheet shows them as rows), each cell
 * trimmed and unprotected. Any line ending is accepted, and a leading byte order mark dropped.
 * Text that is not CSV is a 400 on `csv` saying where.
 */
export function readCsvRecords(text: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const problem = PARSE_PROBLEMS[error.code] ?? error.message;
      const line = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
      throw badRequest(`The file is not valid CSV${line}: ${problem}`, 'csv');
    }
    throw error;
  }
  return records.map((record) => record.map(unprotectCell));
}
