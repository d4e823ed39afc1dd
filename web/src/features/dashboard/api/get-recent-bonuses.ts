import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bonus, BonusList } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';
import { RECENT_ITEMS } from './get-recent-metrics';

/** The caller's 5 newest bonuses (the server decides whose; newest first). */
export async function getRecentBonuses(signal?: AbortSignal): Promise<Bonus[]> {
  const response = await apiRequest<{ data: BonusList }>(
    `/employees/my-bonuses?limit=${RECENT_ITEMS}`,
    { signal },
  );
  return response.data.bonuses;
}

export const recentBonusesQuery = queryOptions({
  queryKey: ['my-bonuses', 'recent'],
  queryFn: ({ signal }) => getRecentBonuses(signal),
});

export function useRecentBonuses() {
  return useQuery(recentBonusesQuery);
}
