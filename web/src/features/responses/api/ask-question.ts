import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AskQuestionInput, AskQuestionResult } from '#contract/questions';
import { apiRequest } from '../../../lib/api-client';
import { RESPONSES_KEY } from './list-own-responses';

/** `POST /api/responses` (HR): one question for each chosen employee, or for everyone. */
export async function askQuestion(body: AskQuestionInput): Promise<AskQuestionResult> {
  const response = await apiRequest<{ data: AskQuestionResult }>('/responses', {
    method: 'POST',
    body,
  });
  return response.data;
}

export function useAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESPONSES_KEY }),
  });
}
