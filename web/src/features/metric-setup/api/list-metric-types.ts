import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricTypeList } from '#contract/metric-types';
import { apiRequest } from '../../../lib/api-client';

/** Every metric type query starts with this key, so one invalidation reloads them all. */
export const METRIC_TYPES_KEY = ['metric-types'] as const;

export interface MetricTypesParams {
  page: number;
  limit: number;
  search?: string | undefined;
  sort: 'metric_name' | 'created_at';
  order: 'asc' | 'desc';
}

/** One page of metric types, searched and sorted on the server. */
export async function listMetricTypes(
  params: MetricTypesParams,
  signal?: AbortSignal,
): Promise<MetricTypeList> {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sort: params.sort,
    order: params.order,
  });
  if (params.search) query.set('search', params.search);
  const response = await apiRequest<{ data: MetricTypeList }>(`/metric-types?${query}`, {
    signal,
  });
  return response.data;
}

export const metricTypesQuery = (params: MetricTypesParams) =>
  queryOptions({
    queryKey: [...METRIC_TYPES_KEY, 'list', params],
    queryFn: ({ signal }) => listMetricTypes(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMetricTypes(params: MetricTypesParams) {
  return useQuery(metricTypesQuery(params));
}
