import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#contract/auth';
import { apiRequest } from '../../../lib/api-client';

export async function changePassword(body: ChangePasswordBody): Promise<{ token: string }> {
  const response = await apiRequest<{ data: { token: string } }>('/users/change-password', {
    method: 'PUT',
    body,
  });
  return response.data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
