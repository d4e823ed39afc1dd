import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeasurementUnits } from '#contract/metric-types';
import { apiRequest } from '../../../lib/api-client';
import { METRIC_TYPES_KEY } from './list-metric-types';

/** The units in use plus the usual ones, offered by the Unit field (which also takes new ones). */
export async function listMeasurementUnits(signal?: AbortSignal): Promise<string[]> {
  const response = await apiRequest<{ data: MeasurementUnits }>('/metric-types/units', { signal });
  return response.data.measurement_units;
}

export const measurementUnitsQuery = queryOptions({
  // Under the metric types key: a type saved with a new unit adds it to the list.
  queryKey: [...METRIC_TYPES_KEY, 'units'],
  queryFn: ({ signal }) => listMeasurementUnits(signal),
});

export function useMeasurementUnits(enabled: boolean) {
  return useQuery({ ...measurementUnitsQuery, enabled });
}
