import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employee, UpdateEmployeeInput } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './list-employees';

export async function updateEmployee({
  id,
  body,
}: {
  id: number;
  body: UpdateEmployeeInput;
}): Promise<Employee> {
  const response = await apiRequest<{ data: { employee: Employee } }>(`/employees/${id}`, {
    method: 'PUT',
    body,
  });
  return response.data.employee;
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
  });
}
