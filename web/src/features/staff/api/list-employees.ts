import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeList, ListEmployeesParams } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';

/** Every staff query starts with this key, so one invalidation reloads them all. */
export const EMPLOYEES_KEY = ['employees'] as const;

export function employeesSearchParams(params: ListEmployeesParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export async function listEmployees(
  params: ListEmployeesParams,
  signal?: AbortSignal,
): Promise<EmployeeList> {
  const query = employeesSearchParams(params);
  const response = await apiRequest<{ data: EmployeeList }>(
    `/employees${query ? `?${query}` : ''}`,
    { signal },
  );
  return response.data;
}

export const employeesQuery = (params: ListEmployeesParams) =>
  queryOptions({
    queryKey: [...EMPLOYEES_KEY, 'list', params],
    queryFn: ({ signal }) => listEmployees(params, signal),
    // Paging and searching keep the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useEmployees(params: ListEmployeesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...employeesQuery(params), enabled: options.enabled ?? true });
}
