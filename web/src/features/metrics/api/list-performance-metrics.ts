import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceMetricList } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';

/** Every metric value query starts with this key, so one invalidation reloads them all. */
export const PERFORMANCE_METRICS_KEY = ['performance-metrics'] as const;

export interface PerformanceMetricsParams {
  page: number;
  limit: number;
  user_id?: number | undefined;
  metric_type_id?: number | undefined;
}

/** One page of metric values, newest first, filtered on the server by employee and type. */
export async function listPerformanceMetrics(
  params: PerformanceMetricsParams,
  signal?: AbortSignal,
): Promise<PerformanceMetricList> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.user_id !== undefined) query.set('user_id', String(params.user_id));
  if (params.metric_type_id !== undefined)
    query.set('metric_type_id', String(params.metric_type_id));
  const response = await apiRequest<{ data: PerformanceMetricList }>(
    `/performance-metrics?${query}`,
    { signal },
  );
  return response.data;
}

export const performanceMetricsQuery = (params: PerformanceMetricsParams) =>
  queryOptions({
    queryKey: [...PERFORMANCE_METRICS_KEY, 'list', params],
    queryFn: ({ signal }) => listPerformanceMetrics(params, signal),
    // Paging and filtering keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function usePerformanceMetrics(params: PerformanceMetricsParams) {
  return useQuery(performanceMetricsQuery(params));
}
