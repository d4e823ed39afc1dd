import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';
import { BONUSES_KEY } from './list-bonuses';

/** SPEC.md's body plus an optional past `created_at` to backfill history. */
export interface AwardBonusInput {
  employee_id: number;
  bonus_name: string;
  description: string;
  created_at?: string;
}

export async function awardBonus(body: AwardBonusInput): Promise<Bonus> {
  const response = await apiRequest<{ data: { bonus: Bonus } }>('/bonuses', {
    method: 'POST',
    body,
  });
  return response.data.bonus;
}

export function useAwardBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}
