import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeDashboard } from '#contract/insights';
import { apiRequest } from '../../../lib/api-client';

/** The caller's own figures: semester averages, the last 12 months, card and summary counts. */
export async function getEmployeeDashboard(signal?: AbortSignal): Promise<EmployeeDashboard> {
  const response = await apiRequest<{ data: EmployeeDashboard }>('/employees/dashboard', {
    signal,
  });
  return response.data;
}

export const employeeDashboardQuery = queryOptions({
  queryKey: ['employee-dashboard'],
  queryFn: ({ signal }) => getEmployeeDashboard(signal),
});

export function useEmployeeDashboard() {
  return useQuery(employeeDashboardQuery);
}
