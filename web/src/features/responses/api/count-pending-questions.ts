import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnResponseList } from '#contract/questions';
import { apiRequest } from '../../../lib/api-client';
import { RESPONSES_KEY } from './list-own-responses';

/** Under RESPONSES_KEY: answering a question reloads the count with the list. */
export const PENDING_COUNT_KEY = [...RESPONSES_KEY, 'pending-count'] as const;

/**
 * How many of the signed-in employee's questions wait for an answer: their own list asked for
 * its pending ones, one row long, read for its total (no route of its own is needed).
 */
export async function countPendingQuestions(signal?: AbortSignal): Promise<number> {
  const response = await apiRequest<{ data: OwnResponseList }>(
    '/responses/all?status=pending&limit=1',
    { signal },
  );
  return response.data.pagination.total;
}

export const pendingCountQuery = queryOptions({
  queryKey: PENDING_COUNT_KEY,
  queryFn: ({ signal }) => countPendingQuestions(signal),
  // HR asks at any time: coming back to the tab asks again once the count is a minute old.
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

/** The count beside Actions in the navigation; asked only when `enabled` (employees). */
export function usePendingQuestionCount(enabled: boolean) {
  return useQuery({ ...pendingCountQuery, enabled });
}
