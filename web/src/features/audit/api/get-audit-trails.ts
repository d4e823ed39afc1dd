import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '#contract/audit';
import { apiRequest } from '../../../lib/api-client';

export interface AuditTrailsParams {
  /** Matched on the server, case-insensitively, against name and description. */
  search: string;
  page: number;
  limit: number;
}

export async function getAuditTrails(
  { search, page, limit }: AuditTrailsParams,
  signal?: AbortSignal,
): Promise<AuditList> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search) query.set('search', search);
  const response = await apiRequest<{ data: AuditList }>(`/audit?${query.toString()}`, { signal });
  return response.data;
}

export const auditTrailsQuery = (params: AuditTrailsParams) =>
  queryOptions({
    queryKey: ['audit', 'list', params],
    queryFn: ({ signal }) => getAuditTrails(params, signal),
    // Keep the current page on screen while the next one or a new search loads.
    placeholderData: keepPreviousData,
  });

export function useAuditTrails(params: AuditTrailsParams) {
  return useQuery(auditTrailsQuery(params));
}
