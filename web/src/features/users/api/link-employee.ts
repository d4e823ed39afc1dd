import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserWithPassword } from '#contract/users';
import { apiRequest } from '../../../lib/api-client';
import { LINKABLE_STAFF_KEY } from './list-staff-for-linking';
import { USERS_KEY } from './list-users';

export interface LinkResult extends UserWithPassword {
  message: string;
}

/** POST /api/employees/{id}/link-employee: no body (SPEC.md section 7). */
export async function linkEmployee(employeeId: number): Promise<LinkResult> {
  const response = await apiRequest<{ message: string; data: UserWithPassword }>(
    `/employees/${employeeId}/link-employee`,
    { method: 'POST' },
  );
  return { ...response.data, message: response.message };
}

export function useLinkEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkEmployee,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: LINKABLE_STAFF_KEY }),
      ]);
    },
  });
}
