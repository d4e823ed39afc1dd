import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, User } from '#contract/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

export async function updateUser({
  id,
  body,
}: {
  id: number;
  body: UpdateUserInput;
}): Promise<User> {
  const response = await apiRequest<{ data: { user: User } }>(`/users/${id}`, {
    method: 'PUT',
    body,
  });
  return response.data.user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
