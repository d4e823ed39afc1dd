import { Alert, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { QUESTION_MESSAGES, type ResponseStatus } from '#contract/questions';
import { SearchInput } from '../../../components/search-input';
import { TablePager } from '../../../components/table-pager';
import { errorMessage } from '../../../lib/api-client';
import { useHrResponses } from '../api/list-hr-responses';
import { QuestionCard } from './question-card';

export const HR_PAGE_SIZE = 20;

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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // The page belongs to one status: a status chosen elsewhere (after asking) starts at page 1.
  const [paging, setPaging] = useState({ status, page: 1 });
  const page = paging.status === status ? paging.page : 1;
  const setPage = (next: number) => setPaging({ status, page: next });
  const list = useHrResponses({ status, search: debounced, page, limit: HR_PAGE_SIZE });
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
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
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
