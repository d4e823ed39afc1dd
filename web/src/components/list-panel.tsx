import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingState } from './loading-state';
import { TablePager, type TablePagerProps } from './table-pager';

export interface ListPanelProps {
  /** Search boxes and filters, left, wrapping on a narrow screen. */
  filters?: ReactNode;
  /** Actions on the whole list (such as an export), right of the filters. */
  tools?: ReactNode;
  /** The first page is loading: this text stands in for the table, and no count is shown. */
  loading?: string | false;
  /** Nothing to show: this text stands in for the table. */
  empty?: string | false;
  /** The summary and page buttons under the table. */
  pager?: TablePagerProps;
  /** The table. */
  children: ReactNode;
}

/**
 * The box of a list screen: a toolbar of filters and list-wide tools, then the table (or its
 * loading or empty text), then the pager.
 */
export function ListPanel({ filters, tools, loading, empty, pager, children }: ListPanelProps) {
  return (
    <Paper withBorder p="md">
      {(filters || tools) && (
        <Group gap="sm" mb="md" wrap="wrap" justify="space-between" align="flex-end">
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 260px' }}>
            {filters}
          </Group>
          {tools && (
            <Group gap="sm" wrap="wrap">
              {tools}
            </Group>
          )}
        </Group>
      )}
      {loading ? (
        <LoadingState text={loading} />
      ) : empty ? (
        <Text ta="center" c="dimmed" py="xl">
          {empty}
        </Text>
      ) : (
        children
      )}
      {pager && !loading && <TablePager {...pager} />}
    </Paper>
  );
}
