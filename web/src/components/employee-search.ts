import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Employee, EmployeeList } from '#contract/employees';
import { apiRequest } from '../lib/api-client';

/** How many people an employee picker offers for one search. */
export const EMPLOYEE_CHOICES_LIMIT = 20;

/** What the pickers show of a person: the name, and the email and post that tell namesakes apart. */
export type EmployeeSummary = Pick<
  Employee,
  'id' | 'first_name' | 'last_name' | 'email' | 'position' | 'department'
>;

/**
 * Staff matching a search (name, email, position, employee ID), alphabetically, searched on the
 * server so a picker works among 10,000 people: `GET /api/employees?search=`.
 */
export async function searchEmployees(
  term: string,
  signal?: AbortSignal,
): Promise<EmployeeSummary[]> {
  const query = new URLSearchParams({
    page: '1',
    limit: String(EMPLOYEE_CHOICES_LIMIT),
    sort: 'last_name',
    order: 'asc',
  });
  if (term) query.set('search', term);
  const response = await apiRequest<{ data: EmployeeList }>(`/employees?${query}`, { signal });
  return response.data.employees.map(
    ({ id, first_name, last_name, email, position, department }) => ({
      id,
      first_name,
      last_name,
      email,
      position,
      department,
    }),
  );
}

export const employeeSearchQuery = (term: string) =>
  queryOptions({
    // Under 'employees', so any change to staff records refreshes the choices too.
    queryKey: ['employees', 'choices', term],
    queryFn: ({ signal }) => searchEmployees(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useEmployeeSearch(term: string, { enabled = true } = {}) {
  return useQuery({ ...employeeSearchQuery(term), enabled });
}
