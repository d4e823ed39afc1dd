import { CsvError, parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvChunks,
  csvFileName,
  eachCsvRecord,
  readCsvRecords,
  unprotectCell,
  type CsvRecord,
} from './csv';
import { AppError } from './errors';

async function writeCsv(columns: string[], rows: CsvRecord[]): Promise<string> {
  let text = '';
  async function* one() {
    yield rows;
  }
  for await (const chunk of csvChunks(columns, one())) text += chunk;
  return text;
}

// Characters that stress quoting and the formula rule, with ordinary ones between them.
const tricky = fc.string({
  unit: fc.constantFrom(
    '=',
    '+',
    '-',
    '@',
    "'",
    '"',
    ',',
    ';',
    '\\',
    '\n',
    '\r',
    '\t',
    ' ',
    'a',
    'é',
    '7',
    '\uFF1D',
    '\uFF0B',
    '\uFF0D',
    '\uFF20',
    '🙂',
  ),
  maxLength: 12,
});
// Stored text is always trimmed (the schemas trim), and the reader trims cells as spreadsheets pad them.
const storable = fc
  .oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 20 }))
  .map((s) => s.trim());

describe('CSV writing and reading', () => {
  it('gives back every trimmed text exactly, formula protection included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(storable, { minLength: 1, maxLength: 4 }), async (texts) => {
        const columns = texts.map((_, i) => `c${i}`);
        const row = Object.fromEntries(texts.map((text, i) => [`c${i}`, text]));
        const text = await writeCsv(columns, [row]);
        expect(readCsvRecords(text)).toEqual([columns, texts]);
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a cell start with a formula character', async () => {
    await fc.assert(
      fc.asyncProperty(
        storable.filter((value) => value !== ''),
        async (value) => {
          const text = await writeCsv(['a'], [{ a: value }]);
          const raw = text.slice('\uFEFFa\r\n'.length).replace(/^"/, '');
          expect(raw).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a header even without rows, numbers as they are, and empty cells for null', async () => {
    expect(await writeCsv(['a', 'b'], [])).toBe('\uFEFFa,b\r\n');
    expect(await writeCsv(['n', 'x', 'y'], [{ n: -1.5, x: null, y: undefined }])).toBe(
      '\uFEFFn,x,y\r\n-1.5,,\r\n',
    );
  });

  it('takes one protecting apostrophe away, only before a formula character', () => {
    expect(unprotectCell("'=1+1")).toBe('=1+1');
    expect(unprotectCell("''=x")).toBe("'=x");
    expect(unprotectCell("'plain")).toBe("'plain");
    expect(unprotectCell("O'Brien")).toBe("O'Brien");
  });

  it('names files after the server’s date', () => {
    expect(csvFileName('staff', new Date(2024, 0, 5, 23, 59))).toBe('staff-2024-01-05.csv');
  });
});

/** What the import read with csv-parse before its own reader: records, or the 400's message. */
function csvParseReading(text: string): string[][] | string {
  const problems: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
    CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted value must be doubled ("")',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote inside a quoted value must be doubled ("")',
  };
  try {
    const records = parse(text, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    return records.map((record) => record.map(unprotectCell));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return `The file is not valid CSV near line ${String(error.lines)}: ${problems[error.code] ?? error.message}`;
  }
}

function reading(text: string): string[][] | string {
  try {
    return readCsvRecords(text);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

describe('CSV reading', () => {
  // Characters that make or break CSV, and the spaces trimming knows.
  const csvText = fc.string({
    unit: fc.constantFrom(
      '"',
      '"',
      ',',
      '\n',
      '\r',
      ' ',
      '\t',
      'a',
      'b',
      '\u00a0',
      '\u3000',
      '\uFEFF',
      '\0',
      'é',
      "'",
      '=',
    ),
    maxLength: 30,
  });

  it('reads every text as csv-parse read it, errors and their lines included', () => {
    fc.assert(
      fc.property(csvText, (text) => {
        expect(reading(text)).toEqual(csvParseReading(text));
      }),
      { numRuns: 20_000 },
    );
    // 20,000 comparisons take a few seconds alone: more while another test file shares the cores.
  }, 60_000);

  it('reads what it cannot read the same way: examples', () => {
    for (const text of [
      'a,"b\nc',
      'a\n"b"c',
      'a\r\n"b" c',
      'ab"c',
      '"a" "b"',
      '"" "x"',
      '"a\r\nb"\n"',
      '\uFEFF"a"',
    ]) {
      expect(reading(text), JSON.stringify(text)).toEqual(csvParseReading(text));
    }
  });

  it('stops where it is told to', () => {
    const seen: string[][] = [];
    eachCsvRecord('a\nb\nc\n', (record) => {
      seen.push(record);
      return seen.length < 2;
    });
    expect(seen).toEqual([['a'], ['b']]);
  });

  it('reads a megabyte of blank lines in linear time', () => {
    const started = performance.now();
    let count = 0;
    eachCsvRecord(`a,b\n${'\n'.repeat(1_000_000)}1,2`, () => {
      count++;
    });
    expect(count).toBe(1_000_002);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
