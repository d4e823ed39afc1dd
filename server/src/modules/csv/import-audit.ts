import type { ImportReport } from '#contract/csv-import';

/**
 * The one audit entry of an import that stored rows: "Staff Import: 120 rows imported,
 * 3 refused (valid rows only): Ada Lovelace (ada@example.org), ... and 117 more", with the
 * counts and the records created (the first 1,000) in `after`.
 */

const MODE_LABELS = {
  all_or_nothing: 'all or nothing',
  valid_rows_only: 'valid rows only',
} as const;

/** Records listed in an entry's `after`; the counts say how many there were in all. */
export const LISTED_RECORDS = 1000;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function describeImport(
  title: string,
  report: ImportReport,
  people: { name: string; email: string }[],
  unit = 'row',
  /** How many people there are in all, when `people` lists only the first. */
  total = people.length,
): string {
  const named = people.slice(0, 3).map((person) => `${person.name} (${person.email})`);
  const more = total > named.length ? ` and ${total - named.length} more` : '';
  return (
    `${title}: ${count(report.imported, unit)} imported, ${count(report.refused_rows, 'row')} refused ` +
    `(${MODE_LABELS[report.mode]})${named.length ? `: ${named.join(', ')}${more}` : ''}`
  );
}

export function importSummary(report: ImportReport, records: Record<string, unknown[]>) {
  const listed = Object.fromEntries(
    Object.entries(records).map(([name, list]) => [name, list.slice(0, LISTED_RECORDS)]),
  );
  return {
    mode: report.mode,
    total_rows: report.total_rows,
    imported: report.imported,
    refused_rows: report.refused_rows,
    ...listed,
  };
}
