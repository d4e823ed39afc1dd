import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput, UserWithPassword } from '#contract/users';
import { apiRequest } from '../../../lib/api-client';
import { USERS_KEY } from './list-users';

export async function createUser(body: CreateUserInput): Promise<UserWithPassword> {
  const response = await apiRequest<{ data: UserWithPassword }>('/users', {
    method: 'POST',
    body,
  });
  return response.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
