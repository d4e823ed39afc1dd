import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';
import { PERFORMANCE_METRICS_KEY } from './list-performance-metrics';

/** SPEC.md's PUT body: the type and employee go along unchanged; the value and comment change. */
export interface UpdateMetricValueInput {
  metric_type_id: number;
  user_id: number;
  value: number;
  comment: string | null;
}

export async function updateMetricValue({
  id,
  body,
}: {
  id: number;
  body: UpdateMetricValueInput;
}): Promise<PerformanceMetric> {
  const response = await apiRequest<{ data: { performance_metric: PerformanceMetric } }>(
    `/performance-metrics/${id}`,
    { method: 'PUT', body },
  );
  return response.data.performance_metric;
}

export function useUpdateMetricValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetricValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERFORMANCE_METRICS_KEY }),
  });
}
