import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#contract/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

/** Lifts the sign-in lock wrong passwords put on an account (admin). */
export async function unlockUser(id: number): Promise<User> {
  const response = await apiRequest<{ data: { user: User } }>(`/users/${id}/unlock`, {
    method: 'POST',
  });
  return response.data.user;
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
