import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnResponseList } from '#contract/questions';
import { apiRequest } from '../../../lib/api-client';

/** Every responses query starts with this key, so one invalidation reloads them all. */
export const RESPONSES_KEY = ['responses'] as const;
export const OWN_RESPONSES_KEY = [...RESPONSES_KEY, 'own'] as const;

/** SPEC.md section 7: `GET /api/responses/all`, the signed-in person's own questions. */
export async function listOwnResponses(signal?: AbortSignal): Promise<OwnResponseList> {
  const response = await apiRequest<{ data: OwnResponseList }>('/responses/all', { signal });
  return response.data;
}

export const ownResponsesQuery = () =>
  queryOptions({
    queryKey: OWN_RESPONSES_KEY,
    queryFn: ({ signal }) => listOwnResponses(signal),
    // Questions arrive from HR: opening the page always asks for the latest.
    staleTime: 0,
  });

export function useOwnResponses() {
  return useQuery(ownResponsesQuery());
}
