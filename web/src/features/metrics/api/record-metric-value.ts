import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';
import { PERFORMANCE_METRICS_KEY } from './list-performance-metrics';

/** What the Add form sends: SPEC.md's fields plus an optional past `created_at`. */
export interface RecordMetricValueInput {
  user_id: number;
  metric_type_id: number;
  value: number;
  comment?: string;
  created_at?: string;
}

export async function recordMetricValue(body: RecordMetricValueInput): Promise<PerformanceMetric> {
  const response = await apiRequest<{ data: { performance_metric: PerformanceMetric } }>(
    '/performance-metrics',
    { method: 'POST', body },
  );
  return response.data.performance_metric;
}

export function useRecordMetricValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMetricValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERFORMANCE_METRICS_KEY }),
  });
}
