import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricType, MetricTypeList } from '#contract/metric-types';
import { apiRequest } from '../../../lib/api-client';

/** Every metric type query starts with this key (Metric Setup's changes reload them all). */
export const METRIC_TYPES_KEY = ['metric-types'] as const;

/** SPEC.md section 7: every metric type (limit 1000), by name, for the type filter and forms. */
export async function listMetricTypes(signal?: AbortSignal): Promise<MetricType[]> {
  const response = await apiRequest<{ data: MetricTypeList }>(
    '/metric-types?limit=1000&sort=metric_name&order=asc',
    { signal },
  );
  return response.data.metric_types;
}

export const metricTypesQuery = queryOptions({
  queryKey: [...METRIC_TYPES_KEY, 'all'],
  queryFn: ({ signal }) => listMetricTypes(signal),
});

export function useMetricTypes() {
  return useQuery(metricTypesQuery);
}
