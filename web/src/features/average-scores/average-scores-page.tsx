import { Center, Group, Loader, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { DEPARTMENTS } from '#contract/employee-options';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { ErrorBanner } from '../../components/error-banner';
import { TablePager } from '../../components/table-pager';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useAverageScores } from './api/list-average-scores';
import { AverageScoresTable, type AverageScoreSort } from './components/average-scores-table';

export const AVERAGE_SCORES_PAGE_SIZE = 25;

export const AVERAGE_SCORES_TEXTS = {
  title: 'Average Scores',
  loading: 'Loading average scores...',
  empty: 'No employees found',
  noMatch: 'No employees match these filters',
} as const;

/** /average-scores is for HR (SPEC.md section 6); an employee goes to the dashboard. */
export default function AverageScoresRoute() {
  const { user } = useSession();
  if (user?.user_type === 'employee') return <Navigate to="/dashboard" replace />;
  return <AverageScoresPage />;
}

/**
 * Every employee with their average score and Performance label, paged, searched, filtered by
 * department and sorted on the server, so it stays quick with 10,000 people.
 */
function AverageScoresPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [department, setDepartment] = useState<string | null>(null);
  const [sort, setSort] = useState<AverageScoreSort>({ sort: 'name', order: 'asc' });

  // What the list shows, apart from paging: the export takes the same query.
  const shown = {
    search: debouncedSearch || undefined,
    department: department ?? undefined,
    sort: sort.sort,
    order: sort.order,
  };
  const list = useAverageScores({ page, limit: AVERAGE_SCORES_PAGE_SIZE, ...shown });
  usePageInRange(page, AVERAGE_SCORES_PAGE_SIZE, list.data?.pagination.total, setPage);

  const employees = list.isError ? [] : (list.data?.employees ?? []);
  const total = list.isError ? 0 : (list.data?.pagination.total ?? 0);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{AVERAGE_SCORES_TEXTS.title}</Title>
          <Text c="dimmed">
            Each employee&apos;s average over all their performance metric values.
          </Text>
        </div>
        <ExportCsvButton
          path="/metrics/average/export.csv"
          query={shown}
          access="hr"
          fallbackName={`${EXPORT_FILE_NAMES.averageScores}.csv`}
        />
      </Group>

      <ErrorBanner message={list.isError ? errorMessage(list.error) : null} />

      <Paper withBorder p="md">
        <Group gap="sm" mb="md" wrap="wrap">
          <TextInput
            aria-label="Search employees"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            aria-label="Filter by department"
            placeholder="All Departments"
            clearable
            data={[...DEPARTMENTS]}
            value={department}
            onChange={(value) => {
              setDepartment(value);
              setPage(1);
            }}
            w={220}
          />
        </Group>

        {list.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{AVERAGE_SCORES_TEXTS.loading}</Text>
            </Group>
          </Center>
        ) : employees.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {debouncedSearch || department
              ? AVERAGE_SCORES_TEXTS.noMatch
              : AVERAGE_SCORES_TEXTS.empty}
          </Text>
        ) : (
          <AverageScoresTable
            employees={employees}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
        )}
        <TablePager
          page={page}
          limit={AVERAGE_SCORES_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          noun="employees"
        />
      </Paper>
    </Stack>
  );
}
