import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RankingEntry, Rankings } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

/** The top performers (the server's ranking order; 10 by default). */
export async function getRankings(signal?: AbortSignal): Promise<RankingEntry[]> {
  const response = await apiRequest<{ data: Rankings }>('/employees/rank', { signal });
  return response.data.rankings;
}

export const rankingsQuery = queryOptions({
  queryKey: ['rankings'],
  queryFn: ({ signal }) => getRankings(signal),
});

export function useRankings() {
  return useQuery(rankingsQuery);
}
