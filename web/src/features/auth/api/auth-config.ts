import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '#contract/auth';
import { apiRequest } from '../../../lib/api-client';

export async function getAuthConfig(): Promise<AuthConfig> {
  const response = await apiRequest<{ data: AuthConfig }>('/auth/config', { anonymous: true });
  return response.data;
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: getAuthConfig,
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
