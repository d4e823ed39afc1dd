import { Alert, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { QUESTION_MESSAGES, RESPONSE_STATUSES, type ResponseStatus } from '#contract/questions';
import { SearchInput } from '../../../components/search-input';
import { TablePager } from '../../../components/table-pager';
import {
  enumParam,
  pageParam,
  textParam,
  useListUrlState,
  useUrlSearchText,
} from '../../../components/use-list-url-state';
import { usePageInRange } from '../../../components/use-page-in-range';
import { errorMessage } from '../../../lib/api-client';
import { useHrResponses } from '../api/list-hr-responses';
import { QuestionCard } from './question-card';

export const HR_PAGE_SIZE = 20;

/**
 * What HR's list shows, in the address (`#/responses?status=pending&search=kim&page=2`): answered
 * questions by default. The page reads the status from here too, to show new questions after
 * asking.
 */
export const HR_RESPONSES_PARAMS = {
  status: enumParam(RESPONSE_STATUSES, 'answered'),
  search: textParam(),
  page: pageParam(),
};

const STATUS_OPTIONS: { label: string; value: ResponseStatus }[] = [
  { label: 'Answered', value: 'answered' },
  { label: 'Pending', value: 'pending' },
  { label: 'All', value: 'all' },
];

export interface HrResponsesProps {
  status: ResponseStatus;
  onStatusChange: (status: ResponseStatus) => void;
}

function emptyText(status: ResponseStatus, search: string): string {
  if (search) return `No questions match "${search}".`;
  if (status === 'pending') return 'No questions are waiting for a response.';
  if (status === 'all') return 'No questions have been asked yet.';
  return QUESTION_MESSAGES.hrEmpty;
}

/**
 * HR's view: answered questions by default (SPEC.md section 6), pending or all on request,
 * searched and paged on the server, each card naming the respondent.
 */
export function HrResponses({ status, onStatusChange }: HrResponsesProps) {
  // A status chosen (here or after asking) starts at page 1: the hook's `set` does so.
  const { values, set } = useListUrlState(HR_RESPONSES_PARAMS);
  const { page, search: debounced } = values;
  const [search, setSearch] = useUrlSearchText(debounced, (text) =>
    set({ search: text }, { replace: true }),
  );
  const setPage = (next: number) => set({ page: next });
  const list = useHrResponses({ status, search: debounced, page, limit: HR_PAGE_SIZE });
  // Past the end (after answers move, or from an old link): the last page, in place of this entry.
  usePageInRange(
    page,
    HR_PAGE_SIZE,
    list.isPlaceholderData ? undefined : list.data?.pagination.total,
    (last) => set({ page: last }, { replace: true }),
  );
  const items = list.isError ? [] : (list.data?.responses ?? []);
  const total = list.isError ? 0 : (list.data?.pagination.total ?? 0);

  return (
    <Stack>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Show"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => onStatusChange(value as ResponseStatus)}
        />
        <SearchInput
          aria-label="Search questions"
          type="search"
          placeholder="Search by question, name or email"
          value={search}
          onChange={setSearch}
          style={{ flex: '1 1 260px' }}
          maw={480}
        />
      </Group>

      {list.isError && (
        <Alert color="red" role="alert">
          {QUESTION_MESSAGES.loadFailedPrefix}
          {errorMessage(list.error)}
        </Alert>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading responses" />
        </Center>
      ) : items.length === 0 ? (
        !list.isError && (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">{emptyText(status, debounced)}</Text>
          </Paper>
        )
      ) : (
        <Stack style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((item) => (
            <QuestionCard key={item.id} view="hr" item={item} />
          ))}
        </Stack>
      )}

      {total > 0 && (
        <TablePager
          page={page}
          limit={HR_PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          noun={total === 1 ? 'question' : 'questions'}
        />
      )}
    </Stack>
  );
}
