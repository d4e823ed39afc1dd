import { Group, Pagination, Text } from '@mantine/core';

export interface TablePagerProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for the summary: "Showing 1–25 of 240 employees". */
  noun?: string;
}

/** The summary and page buttons under a server-paged table. */
export function TablePager({ page, limit, total, onPageChange, noun = 'rows' }: TablePagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {first}–{last} of {total} {noun}
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
