import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetricType } from '#contract/metric-types';
import { apiRequest } from '../../../lib/api-client';
import type { MetricTypeInput } from './create-metric-type';
import { METRIC_TYPES_KEY } from './list-metric-types';

/** PUT replaces every field (docs/product-decisions.md): the form always sends all of them. */
export async function updateMetricType({
  id,
  body,
}: {
  id: number;
  body: MetricTypeInput;
}): Promise<MetricType> {
  const response = await apiRequest<{ data: { metric_type: MetricType } }>(`/metric-types/${id}`, {
    method: 'PUT',
    body,
  });
  return response.data.metric_type;
}

export function useUpdateMetricType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetricType,
    // Values show their type's name and unit: reload those too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: METRIC_TYPES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['performance-metrics'] }),
      ]),
  });
}
