import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeList } from '#contract/employees';
import type { EmployeeChoice } from '../../../components/employee-select';
import { apiRequest } from '../../../lib/api-client';

/** How many people the employee pickers offer for one search. */
export const EMPLOYEE_CHOICES_LIMIT = 20;

/** Employees matching a search (name, email, position), for the employee filter and the Add Bonus form. */
export async function searchEmployees(
  term: string,
  signal?: AbortSignal,
): Promise<EmployeeChoice[]> {
  const query = new URLSearchParams({
    page: '1',
    limit: String(EMPLOYEE_CHOICES_LIMIT),
    sort: 'last_name',
    order: 'asc',
  });
  if (term) query.set('search', term);
  const response = await apiRequest<{ data: EmployeeList }>(`/employees?${query}`, { signal });
  return response.data.employees.map(({ id, first_name, last_name, email }) => ({
    id,
    first_name,
    last_name,
    email,
  }));
}

export const employeeChoicesQuery = (term: string) =>
  queryOptions({
    // Under 'employees', so any change to staff records refreshes the choices too.
    queryKey: ['employees', 'bonus-choices', term],
    queryFn: ({ signal }) => searchEmployees(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useEmployeeChoices(term: string) {
  return useQuery(employeeChoicesQuery(term));
}
