import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetricType } from '#contract/metric-types';
import { apiRequest } from '../../../lib/api-client';
import { METRIC_TYPES_KEY } from './list-metric-types';

/** SPEC.md section 7's body; a bound left empty is null (unbounded). */
export interface MetricTypeInput {
  metric_name: string;
  description: string | null;
  measurement_unit: string | null;
  minimum_value: number | null;
  maximum_value: number | null;
}

export async function createMetricType(body: MetricTypeInput): Promise<MetricType> {
  const response = await apiRequest<{ data: { metric_type: MetricType } }>('/metric-types', {
    method: 'POST',
    body,
  });
  return response.data.metric_type;
}

export function useCreateMetricType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMetricType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: METRIC_TYPES_KEY }),
  });
}
