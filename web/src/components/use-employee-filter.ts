import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Employee } from '#contract/employees';
import { apiRequest } from '../lib/api-client';
import type { EmployeeChoice } from './employee-select';

/**
 * A list's "filter by employee" whose id lives in the address (use-list-url-state.ts): the
 * picker needs the person's name, which a reloaded or shared link does not carry, so it is read
 * once from `GET /api/employees/:id` (HR's screens only). A person chosen in the picker is known
 * already and asks for nothing.
 */
export function useEmployeeFilter(
  id: number | null,
  setId: (id: number | null) => void,
): [EmployeeChoice | null, (choice: EmployeeChoice | null) => void] {
  const [picked, setPicked] = useState<EmployeeChoice | null>(null);
  const known = id !== null && picked?.id === id;
  const record = useQuery({
    // Under 'employees', so an edit of the record refreshes the name shown.
    queryKey: ['employees', 'filter-choice', id],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<{ data: { employee: Employee } }>(`/employees/${id}`, {
        signal,
      });
      const { first_name, last_name, email } = response.data.employee;
      return { id: id!, first_name, last_name, email };
    },
    enabled: id !== null && !known,
    staleTime: 60_000,
  });
  const choice = id === null ? null : known ? picked : (record.data ?? null);
  return [
    choice,
    (next) => {
      setPicked(next);
      setId(next?.id ?? null);
    },
  ];
}
