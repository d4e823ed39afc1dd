import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RESPONSE_MAX_LENGTH } from '#contract/questions';
import { ErrorBanner } from '../../../components/error-banner';
import { lengthHint } from '../../../components/length-hint';
import { errorMessage } from '../../../lib/api-client';
import { useAnswerQuestion } from '../api/answer-question';

export interface AnswerFormProps {
  questionId: number;
  /** The question, to name the text box for screen readers among several cards. */
  question: string;
}

/**
 * The answer box of an unanswered card (SPEC.md sections 2, 4 and 5): "Submit Response" is
 * enabled once the trimmed text is non-blank and reads "Submitting..." while busy. On success the
 * card turns answered (this form unmounts, so the draft is gone); on failure the draft stays.
 */
export function AnswerForm({ questionId, question }: AnswerFormProps) {
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const answer = useAnswerQuestion();
  const busy = answer.isPending;
  const text = draft.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text || busy) return;
    setFailure(null);
    try {
      await answer.mutateAsync({ id: questionId, response: text });
      setDraft('');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <ErrorBanner message={failure} onClose={() => setFailure(null)} />
        <Textarea
          label="Your response"
          aria-description={question}
          placeholder="Type your response..."
          rows={3}
          resize="vertical"
          {...lengthHint(draft, RESPONSE_MAX_LENGTH)}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!text || busy}>
            {busy ? 'Submitting...' : 'Submit Response'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
