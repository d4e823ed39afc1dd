import { parse } from 'csv-parse/sync';
import type { CallResult } from './test-app';

/** A CSV answer read back with csv-parse: the header and each row by column name. */
export function readCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const records = parse(text, { bom: true }) as string[][];
  const header = records[0] ?? [];
  const rows = records
    .slice(1)
    .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])));
  return { header, rows };
}

/** The CSV of a download answer, after checking it is one. */
export function csvOf(answer: CallResult) {
  if (answer.status !== 200)
    throw new Error(`expected a CSV file: ${answer.status} ${answer.text}`);
  return readCsv(answer.text);
}
