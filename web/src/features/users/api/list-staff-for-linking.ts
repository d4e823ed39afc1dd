import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeList } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';

/** Staff as the Link Employee modal lists them (the staff feature owns the full list). */
export const LINKABLE_STAFF_KEY = ['employees', 'linkable'] as const;

export async function listStaffForLinking(
  params: { search?: string; page: number; limit: number },
  signal?: AbortSignal,
): Promise<EmployeeList> {
  const query = new URLSearchParams({
    page: String(params.page),
    limit: String(params.limit),
    sort: 'last_name',
  });
  if (params.search) query.set('search', params.search);
  const response = await apiRequest<{ data: EmployeeList }>(`/employees?${query}`, { signal });
  return response.data;
}

export const staffForLinkingQuery = (params: { search?: string; page: number; limit: number }) =>
  queryOptions({
    queryKey: [...LINKABLE_STAFF_KEY, params],
    queryFn: ({ signal }) => listStaffForLinking(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffForLinking(
  params: { search?: string; page: number; limit: number },
  enabled: boolean,
) {
  return useQuery({ ...staffForLinkingQuery(params), enabled });
}
