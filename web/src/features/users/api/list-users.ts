import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListUsersParams, UserList } from '#contract/users';
import { apiRequest } from '../../../lib/api-client';

/** Every user query starts with this key, so one invalidation reloads them all. */
export const USERS_KEY = ['users'] as const;

export async function listUsers(params: ListUsersParams, signal?: AbortSignal): Promise<UserList> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  const response = await apiRequest<{ data: UserList }>(`/users${query ? `?${query}` : ''}`, {
    signal,
  });
  return response.data;
}

export const usersQuery = (params: ListUsersParams) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', params],
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: ListUsersParams) {
  return useQuery(usersQuery(params));
}
