import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HrMetrics } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

/** The HR dashboard's cards and recent employees (SPEC.md section 3, "HR metrics"). */
export async function getHrMetrics(signal?: AbortSignal): Promise<HrMetrics> {
  const response = await apiRequest<{ data: HrMetrics }>('/hr/metrics', { signal });
  return response.data;
}

export const hrMetricsQuery = queryOptions({
  queryKey: ['hr-metrics'],
  queryFn: ({ signal }) => getHrMetrics(signal),
});

export function useHrMetrics() {
  return useQuery(hrMetricsQuery);
}
