import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceMetric, PerformanceMetricList } from '#contract/performance-metrics';
import { apiRequest } from '../../../lib/api-client';

/** SPEC.md sections 7 and 9: the bonus modal lists up to 100 of the employee's values. */
export const EMPLOYEE_METRICS_LIMIT = 100;

/** The chosen employee's metric values, newest first, shown while awarding a bonus. */
export async function listEmployeeMetrics(
  employeeId: number,
  signal?: AbortSignal,
): Promise<PerformanceMetric[]> {
  const response = await apiRequest<{ data: PerformanceMetricList }>(
    `/performance-metrics/user/${employeeId}?limit=${EMPLOYEE_METRICS_LIMIT}`,
    { signal },
  );
  return response.data.performance_metrics;
}

export const employeeMetricsQuery = (employeeId: number) =>
  queryOptions({
    // Under 'performance-metrics', so recording or changing a value refreshes it.
    queryKey: ['performance-metrics', 'user', employeeId, EMPLOYEE_METRICS_LIMIT],
    queryFn: ({ signal }) => listEmployeeMetrics(employeeId, signal),
  });

export function useEmployeeMetrics(employeeId: number | null) {
  return useQuery({ ...employeeMetricsQuery(employeeId ?? 0), enabled: employeeId !== null });
}
