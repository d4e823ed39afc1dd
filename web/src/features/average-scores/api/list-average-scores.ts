import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AverageScores } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

export interface AverageScoresParams {
  page: number;
  limit: number;
  search?: string | undefined;
  department?: string | undefined;
  sort: 'name' | 'score';
  order: 'asc' | 'desc';
}

/** One page of employees with their average scores, searched, filtered and sorted on the server. */
export async function listAverageScores(
  params: AverageScoresParams,
  signal?: AbortSignal,
): Promise<AverageScores> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const response = await apiRequest<{ data: AverageScores }>(`/metrics/average?${query}`, {
    signal,
  });
  return response.data;
}

export const averageScoresQuery = (params: AverageScoresParams) =>
  queryOptions({
    queryKey: ['average-scores', params],
    queryFn: ({ signal }) => listAverageScores(params, signal),
    // Paging, searching and sorting keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useAverageScores(params: AverageScoresParams) {
  return useQuery(averageScoresQuery(params));
}
