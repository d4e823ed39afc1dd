import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeStats } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './list-employees';

export async function getEmployeeStats(): Promise<EmployeeStats> {
  const response = await apiRequest<{ data: EmployeeStats }>('/employees/stats');
  return response.data;
}

export const employeeStatsQuery = queryOptions({
  queryKey: [...EMPLOYEES_KEY, 'stats'],
  queryFn: getEmployeeStats,
});

export function useEmployeeStats() {
  return useQuery(employeeStatsQuery);
}
