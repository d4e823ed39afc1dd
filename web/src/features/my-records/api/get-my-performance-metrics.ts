import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceMetric, PerformanceMetricList } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in person's own metric values, newest first (the server decides whose). */
export async function getMyPerformanceMetrics(signal?: AbortSignal): Promise<PerformanceMetric[]> {
  const response = await apiRequest<{ data: PerformanceMetricList }>(
    '/employees/my-performance-metrics',
    { signal },
  );
  return response.data.performance_metrics;
}

export const myPerformanceMetricsQuery = queryOptions({
  queryKey: ['my-performance-metrics'],
  queryFn: ({ signal }) => getMyPerformanceMetrics(signal),
});

export function useMyPerformanceMetrics() {
  return useQuery(myPerformanceMetricsQuery);
}
