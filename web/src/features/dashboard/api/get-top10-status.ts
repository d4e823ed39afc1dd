import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Top10Status } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

/** The caller's own rank, for the ranking toast. */
export async function getTop10Status(signal?: AbortSignal): Promise<Top10Status> {
  const response = await apiRequest<{ data: Top10Status }>('/employees/top10-status', { signal });
  return response.data;
}

export const top10StatusQuery = queryOptions({
  queryKey: ['top10-status'],
  queryFn: ({ signal }) => getTop10Status(signal),
});

export function useTop10Status() {
  return useQuery(top10StatusQuery);
}
