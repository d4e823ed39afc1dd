import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusList } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';

/** Every bonus query starts with this key, so one invalidation reloads them all. */
export const BONUSES_KEY = ['bonuses'] as const;

export interface BonusesParams {
  page: number;
  limit: number;
  employee_id?: number | undefined;
}

/** One page of bonuses, newest first, optionally of one employee (filtered on the server). */
export async function listBonuses(params: BonusesParams, signal?: AbortSignal): Promise<BonusList> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.employee_id !== undefined) query.set('employee_id', String(params.employee_id));
  const response = await apiRequest<{ data: BonusList }>(`/bonuses?${query}`, { signal });
  return response.data;
}

export const bonusesQuery = (params: BonusesParams) =>
  queryOptions({
    queryKey: [...BONUSES_KEY, 'list', params],
    queryFn: ({ signal }) => listBonuses(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBonuses(params: BonusesParams) {
  return useQuery(bonusesQuery(params));
}
