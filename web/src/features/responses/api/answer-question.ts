import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerQuestionInput,
  AnswerResult,
  OwnResponse,
  OwnResponseList,
} from '#contract/questions';
import { apiRequest } from '../../../lib/api-client';
import { OWN_RESPONSES_KEY, RESPONSES_KEY } from './list-own-responses';

/** SPEC.md section 7: `PUT /api/responses` with the question's id and the answer. */
export async function answerQuestion(body: AnswerQuestionInput): Promise<OwnResponse> {
  const response = await apiRequest<{ data: AnswerResult }>('/responses', {
    method: 'PUT',
    body,
  });
  return response.data.response;
}

export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: async (answered) => {
      // SPEC.md section 4: the card updates in place at once, before the list reloads.
      queryClient.setQueryData<OwnResponseList>(OWN_RESPONSES_KEY, (list) =>
        list
          ? {
              ...list,
              responses: list.responses.map((item) => (item.id === answered.id ? answered : item)),
            }
          : list,
      );
      await queryClient.invalidateQueries({ queryKey: RESPONSES_KEY });
    },
    // Answered elsewhere meanwhile (409) or gone (404): show the list as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: RESPONSES_KEY }),
  });
}
