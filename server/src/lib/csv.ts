import { Readable } from 'node:stream';
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { CSV_MEDIA_TYPE } from '#contract/csv-export';
import { badRequest } from './errors';

/**
 * CSV in and out: written by csv-stringify, read by our own one-pass reader with csv-parse's
 * rules (docs/adr/0001-csv-import-reader.md); RFC 4180 quoting, byte order mark, any line
 * ending, and the formula-injection rule of contract/csv-export.ts applied both ways.
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

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** What String.prototype.trim removes, which is also the set csv-parse's `trim` takes away. */
function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isAsciiSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d);

function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || code === CR) count++;
  }
  return count;
}

const notCsv = (line: number, problem: string) =>
  badRequest(`The file is not valid CSV near line ${line}: ${problem}`, 'csv');
const DOUBLE_THE_QUOTES = 'a quote inside a quoted value must be doubled ("")';

/**
 * Each record of a CSV text in one pass, blank lines included (a spreadsheet shows them as
 * rows), each cell trimmed and unprotected; `onRecord` answers false to stop. Any line ending
 * is accepted, and a leading byte order mark dropped. Text that is not CSV is a 400 on `csv`
 * saying where.
 *
 * The rules, and the lines errors name, are csv-parse's with `trim` and a relaxed column count
 * (csv.test.ts compares the two on random text): csv-parse builds an error object, stack and
 * all, for every record whose length differs from the first one's, so a file of blank or
 * short lines cost it seconds per hundred thousand lines.
 */
export function eachCsvRecord(text: string, onRecord: (record: string[]) => boolean | void) {
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** 1 + the line breaks read before `pos`, as csv-parse counts them. */
  let line = 1;
  let record: string[] = [];
  /** The quoted value read so far, or the unquoted one from `unquotedStart` to `pos`. */
  let quoted = '';
  let wasQuoted = false;
  let unquotedStart = -1;

  const endField = () => {
    if (!wasQuoted && unquotedStart === -1) {
      record.push('');
      return;
    }
    const value = wasQuoted ? quoted : text.slice(unquotedStart, pos).trimEnd();
    record.push(unprotectCell(value));
    quoted = '';
    wasQuoted = false;
    unquotedStart = -1;
  };

  /** Not closed: csv-parse counts a line break only when it reads the character after it. */
  const notClosed = () => {
    const last = text.charCodeAt(end - 1);
    if (last === LF || last === CR) line--;
    return notCsv(line, 'a quoted value is never closed');
  };
  const closes = (next: number) => next <= 0 || next === COMMA || isSpace(next);

  /** A quoted value from `from` (after its quote) to its closing quote; answers what follows. */
  const readQuoted = (from: number): number => {
    let start = from;
    for (;;) {
      const close = text.indexOf('"', start);
      if (close === -1) {
        line += lineBreaks(text, start, end);
        throw notClosed();
      }
      line += lineBreaks(text, start, close);
      quoted += text.slice(start, close);
      const next = close + 1 < end ? text.charCodeAt(close + 1) : -1;
      if (next === QUOTE) {
        quoted += '"';
        start = close + 2;
      } else if (closes(next)) {
        return close + 1;
      } else {
        throw notCsv(line, DOUBLE_THE_QUOTES);
      }
    }
  };

  /** Quotes again after an empty quoted value: csv-parse takes only spaces in them. */
  const skipBlankQuotes = (from: number): number => {
    for (let i = from; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const next = i + 1 < end ? text.charCodeAt(i + 1) : -1;
        if (closes(next) && next !== QUOTE) return i + 1;
        throw notCsv(line, DOUBLE_THE_QUOTES);
      }
      if (!isAsciiSpace(c)) throw notCsv(line, DOUBLE_THE_QUOTES);
      if (c === LF || c === CR) line++;
    }
    throw notClosed();
  };

  while (pos < end) {
    const code = text.charCodeAt(pos);
    if (code === COMMA) {
      endField();
      pos++;
    } else if (code === LF || code === CR) {
      endField();
      const done = onRecord(record) === false;
      record = [];
      line++;
      pos += code === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
      if (done) return;
    } else if (code === QUOTE) {
      // A quote opens a value only where nothing has been read of it yet.
      if (unquotedStart !== -1 || quoted !== '') {
        const value = unquotedStart === -1 ? quoted : text.slice(unquotedStart, pos);
        throw notCsv(
          line,
          `Invalid Opening Quote: a quote is found on field ${record.length} at line ${line}, value is ${JSON.stringify(value)}${value === '\uFEFF' ? ' (utf8 bom)' : ''}`,
        );
      }
      pos = wasQuoted ? skipBlankQuotes(pos + 1) : readQuoted(pos + 1);
      wasQuoted = true;
    } else if (wasQuoted) {
      // Only spaces between a closing quote and the end of the value (csv-parse takes wider
      // spaces there only after an empty quoted value).
      if (!isAsciiSpace(code) && !(quoted === '' && isSpace(code))) {
        throw notCsv(line, DOUBLE_THE_QUOTES);
      }
      pos++;
    } else {
      if (unquotedStart === -1 && !isSpace(code)) unquotedStart = pos;
      pos++;
    }
  }
  if (wasQuoted || record.length > 0 || unquotedStart !== -1) {
    endField();
    onRecord(record);
  }
}

/** Every record of a CSV text (eachCsvRecord). */
export function readCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  eachCsvRecord(text, (record) => {
    records.push(record);
  });
  return records;
}
