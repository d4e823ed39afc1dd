import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEmployeeInput, Employee } from '#contract/employees';
import { apiRequest } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './list-employees';

export async function createEmployee(body: CreateEmployeeInput): Promise<Employee> {
  const response = await apiRequest<{ data: { employee: Employee } }>('/employees', {
    method: 'POST',
    body,
  });
  return response.data.employee;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
  });
}
