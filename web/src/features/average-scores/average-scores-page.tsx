import { Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { DEPARTMENTS } from '#contract/employee-options';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { ErrorBanner } from '../../components/error-banner';
import { HrOnly } from '../../components/hr-only';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
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
  return (
    <HrOnly employeeTo="/dashboard">
      <AverageScoresPage />
    </HrOnly>
  );
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
      <PageHeader
        title={AVERAGE_SCORES_TEXTS.title}
        description="Each employee's average over all their performance metric values."
        actions={
          <ExportCsvButton
            path="/metrics/average/export.csv"
            query={shown}
            access="hr"
            fallbackName={`${EXPORT_FILE_NAMES.averageScores}.csv`}
          />
        }
      />

      <ErrorBanner message={list.isError ? errorMessage(list.error) : null} />

      <ListPanel
        filters={
          <>
            <SearchInput
              aria-label="Search employees"
              placeholder="Search by name or email"
              value={search}
              onChange={(text) => {
                setSearch(text);
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
          </>
        }
        loading={list.isPending && AVERAGE_SCORES_TEXTS.loading}
        empty={
          employees.length === 0 &&
          (debouncedSearch || department
            ? AVERAGE_SCORES_TEXTS.noMatch
            : AVERAGE_SCORES_TEXTS.empty)
        }
        pager={{
          page,
          limit: AVERAGE_SCORES_PAGE_SIZE,
          total,
          onPageChange: setPage,
          noun: 'employees',
        }}
      >
        <AverageScoresTable
          employees={employees}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
        />
      </ListPanel>
    </Stack>
  );
}
