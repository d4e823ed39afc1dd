import { Group, Pagination, Text } from '@mantine/core';

export interface TablePagerProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /**
   * What the rows are, in the plural, for the summary: "Showing 1–25 of 240 employees". One row
   * is named in the singular: "Showing 1–1 of 1 employee" (`singularOf`, or `nounOne`).
   */
  noun?: string;
  /** The singular of `noun` when `singularOf` cannot tell it. */
  nounOne?: string;
}

/**
 * The singular of a plural noun as the lists name their rows: "employees" -> "employee",
 * "metric types" -> "metric type", "bonuses" -> "bonus", "questions" -> "question".
 */
export function singularOf(plural: string): string {
  if (/(?:s|x|z|ch|sh)es$/.test(plural)) return plural.slice(0, -2);
  return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}

/** "Showing 1–25 of 240 employees", "Showing 1–1 of 1 employee". */
export function pagerSummary(
  page: number,
  limit: number,
  total: number,
  noun = 'rows',
  nounOne = singularOf(noun),
): string {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return `Showing ${first}–${last} of ${total} ${total === 1 ? nounOne : noun}`;
}

/**
 * The summary and page buttons under a server-paged table. An empty list has no summary: its
 * empty text says so, and "Showing 0–0 of 0" beside it said nothing more.
 */
export function TablePager({
  page,
  limit,
  total,
  onPageChange,
  noun = 'rows',
  nounOne,
}: TablePagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total > 0 && pagerSummary(page, limit, total, noun, nounOne)}
      </Text>
      {pages > 1 && (
        <Pagination
          value={Math.min(page, pages)}
          onChange={onPageChange}
          total={pages}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? 'Previous page'
                : control === 'next'
                  ? 'Next page'
                  : control === 'first'
                    ? 'First page'
                    : 'Last page',
          })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
