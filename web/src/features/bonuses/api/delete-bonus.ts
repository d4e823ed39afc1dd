import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { BONUSES_KEY } from './list-bonuses';

export async function deleteBonus(id: number): Promise<void> {
  await apiRequest(`/bonuses/${id}`, { method: 'DELETE' });
}

export function useDeleteBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}
