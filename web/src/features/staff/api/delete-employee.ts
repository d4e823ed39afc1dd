import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './list-employees';

export async function deleteEmployee(id: number): Promise<void> {
  await apiRequest(`/employees/${id}`, { method: 'DELETE' });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
  });
}
