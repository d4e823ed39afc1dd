import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceMetric, PerformanceMetricList } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';

/** SPEC.md section 9: the dashboard's recent lists show 5 items. */
export const RECENT_ITEMS = 5;

/** The caller's 5 newest metric values (the server decides whose; newest first). */
export async function getRecentMetrics(signal?: AbortSignal): Promise<PerformanceMetric[]> {
  const response = await apiRequest<{ data: PerformanceMetricList }>(
    `/employees/my-performance-metrics?limit=${RECENT_ITEMS}`,
    { signal },
  );
  return response.data.performance_metrics;
}

export const recentMetricsQuery = queryOptions({
  queryKey: ['my-performance-metrics', 'recent'],
  queryFn: ({ signal }) => getRecentMetrics(signal),
});

export function useRecentMetrics() {
  return useQuery(recentMetricsQuery);
}
