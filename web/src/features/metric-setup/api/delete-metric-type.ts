import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { METRIC_TYPES_KEY } from './list-metric-types';

/** A type with recorded values is refused (409 "Cannot delete {name}: it has N recorded value(s)"). */
export async function deleteMetricType(id: number): Promise<void> {
  await apiRequest(`/metric-types/${id}`, { method: 'DELETE' });
}

export function useDeleteMetricType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMetricType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: METRIC_TYPES_KEY }),
  });
}
