import { Select, Stack } from '@mantine/core';
import { EXPORT_FILE_NAMES } from '#contract/csv-export';
import { DEPARTMENTS } from '#contract/employee-options';
import { ExportCsvButton } from '../../components/csv/export-csv-button';
import { ErrorBanner } from '../../components/error-banner';
import { HrOnly } from '../../components/hr-only';
import { ListPanel } from '../../components/list-panel';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import {
  enumParam,
  optionalTextParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../components/use-list-url-state';
import { usePageInRange } from '../../components/use-page-in-range';
import { errorMessage } from '../../lib/api-client';
import { useAverageScores } from './api/list-average-scores';
import { AverageScoresTable } from './components/average-scores-table';

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

/** What the list shows, in the address (`#/average-scores?department=CIT&sort=score`). */
const LIST_PARAMS = {
  search: textParam(),
  department: optionalTextParam(),
  sort: enumParam(['name', 'score'], 'name'),
  order: enumParam(['asc', 'desc'], 'asc'),
  page: pageParam(),
};

/**
 * Every employee with their average score and Performance label, paged, searched, filtered by
 * department and sorted on the server, so it stays quick with 10,000 people.
 */
function AverageScoresPage() {
  const { values, set } = useListUrlState(LIST_PARAMS);
  const { page, department, search: debouncedSearch } = values;
  const [search, setSearch] = useUrlSearchText(debouncedSearch, (text) =>
    set({ search: text }, { replace: true }),
  );
  const sort = { sort: values.sort, order: values.order };

  // What the list shows, apart from paging: the export takes the same query.
  const shown = {
    search: debouncedSearch || undefined,
    department: department ?? undefined,
    sort: sort.sort,
    order: sort.order,
  };
  const list = useAverageScores({ page, limit: AVERAGE_SCORES_PAGE_SIZE, ...shown });
  // Past the end (from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    AVERAGE_SCORES_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );

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
              onChange={setSearch}
              style={{ flex: '1 1 260px' }}
            />
            <Select
              aria-label="Filter by department"
              placeholder="All Departments"
              clearable
              data={[...DEPARTMENTS]}
              value={department}
              onChange={(value) => set({ department: value })}
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
          onPageChange: (next) => set({ page: next }),
          noun: 'employees',
        }}
      >
        <AverageScoresTable employees={employees} sort={sort} onSort={(next) => set(next)} />
      </ListPanel>
    </Stack>
  );
}
