import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HrResponseList, ResponseStatus } from '#contract/questions';
import { apiRequest } from '../../../lib/api-client';
import { RESPONSES_KEY } from './list-own-responses';

export interface HrResponsesParams {
  status: ResponseStatus;
  /** Matched on the server against the question and the respondent's name and email. */
  search: string;
  page: number;
  limit: number;
}

/** SPEC.md section 7: `GET /api/responses/admin/all`, with the filters PRODUCT.md adds. */
export async function listHrResponses(
  { status, search, page, limit }: HrResponsesParams,
  signal?: AbortSignal,
): Promise<HrResponseList> {
  const query = new URLSearchParams({ status, page: String(page), limit: String(limit) });
  if (search) query.set('search', search);
  const response = await apiRequest<{ data: HrResponseList }>(
    `/responses/admin/all?${query.toString()}`,
    { signal },
  );
  return response.data;
}

export const hrResponsesQuery = (params: HrResponsesParams) =>
  queryOptions({
    queryKey: [...RESPONSES_KEY, 'hr', params],
    queryFn: ({ signal }) => listHrResponses(params, signal),
    // Paging and searching keep the current cards on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    // Answers arrive from other people: opening the page always asks for the latest.
    staleTime: 0,
  });

export function useHrResponses(params: HrResponsesParams) {
  return useQuery(hrResponsesQuery(params));
}
