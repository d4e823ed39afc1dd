import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bonus, BonusList } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in person's own bonuses, newest first (the server decides whose). */
export async function getMyBonuses(signal?: AbortSignal): Promise<Bonus[]> {
  const response = await apiRequest<{ data: BonusList }>('/employees/my-bonuses', { signal });
  return response.data.bonuses;
}

export const myBonusesQuery = queryOptions({
  queryKey: ['my-bonuses'],
  queryFn: ({ signal }) => getMyBonuses(signal),
});

export function useMyBonuses() {
  return useQuery(myBonusesQuery);
}
