import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvChunks, csvFileName, readCsvRecords, unprotectCell, type CsvRecord } from './csv';

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
