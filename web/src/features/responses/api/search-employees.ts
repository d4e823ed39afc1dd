import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeList } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';

export const EMPLOYEE_CHOICES_LIMIT = 20;

/**
 * Staff to ask a question of: `GET /api/employees`, searched on the server (name, email,
 * position, employee ID) so the picker works with 10,000 people.
 */
export async function searchEmployees(search: string, signal?: AbortSignal) {
  const query = new URLSearchParams({
    limit: String(EMPLOYEE_CHOICES_LIMIT),
    sort: 'last_name',
    order: 'asc',
  });
  if (search) query.set('search', search);
  const response = await apiRequest<{ data: EmployeeList }>(`/employees?${query.toString()}`, {
    signal,
  });
  return response.data.employees;
}

export const employeeChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: ['employee-choices', search],
    queryFn: ({ signal }) => searchEmployees(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useEmployeeChoices(search: string, enabled: boolean) {
  return useQuery({ ...employeeChoicesQuery(search), enabled });
}
