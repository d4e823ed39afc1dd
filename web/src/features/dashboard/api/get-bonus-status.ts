import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BonusStatus } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';

/** Whether the caller has bonuses, for the bonus toast. */
export async function getBonusStatus(signal?: AbortSignal): Promise<BonusStatus> {
  const response = await apiRequest<{ data: BonusStatus }>('/employees/has-bonuses', { signal });
  return response.data;
}

export const bonusStatusQuery = queryOptions({
  queryKey: ['bonus-status'],
  queryFn: ({ signal }) => getBonusStatus(signal),
});

export function useBonusStatus() {
  return useQuery(bonusStatusQuery);
}
