import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PERFORMANCE_METRICS_KEY } from './list-performance-metrics';

export async function deleteMetricValue(id: number): Promise<void> {
  await apiRequest(`/performance-metrics/${id}`, { method: 'DELETE' });
}

export function useDeleteMetricValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMetricValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERFORMANCE_METRICS_KEY }),
  });
}
