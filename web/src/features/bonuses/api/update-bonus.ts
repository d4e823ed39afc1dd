import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bonus } from '#contract/bonuses';
import { apiRequest } from '../../../lib/api-client';
import { BONUSES_KEY } from './list-bonuses';

/** The name and description change; the employee goes along unchanged (it cannot change). */
export interface UpdateBonusInput {
  employee_id: number;
  bonus_name: string;
  description: string;
}

export async function updateBonus({
  id,
  body,
}: {
  id: number;
  body: UpdateBonusInput;
}): Promise<Bonus> {
  const response = await apiRequest<{ data: { bonus: Bonus } }>(`/bonuses/${id}`, {
    method: 'PUT',
    body,
  });
  return response.data.bonus;
}

export function useUpdateBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}
