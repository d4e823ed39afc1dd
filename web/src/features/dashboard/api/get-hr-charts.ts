import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HrCharts } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

/** The HR dashboard's charts: average score per department and staff per score band. */
export async function getHrCharts(signal?: AbortSignal): Promise<HrCharts> {
  const response = await apiRequest<{ data: HrCharts }>('/hr/charts', { signal });
  return response.data;
}

export const hrChartsQuery = queryOptions({
  queryKey: ['hr-charts'],
  queryFn: ({ signal }) => getHrCharts(signal),
});

export function useHrCharts() {
  return useQuery(hrChartsQuery);
}
