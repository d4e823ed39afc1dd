import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { QUESTION_MAX_LENGTH, type AskQuestionResult } from '#contract/questions';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAskQuestion } from '../api/ask-question';
import { EmployeeMultiSelect, type ChosenEmployee } from './employee-multi-select';

export interface AskQuestionModalProps {
  opened: boolean;
  onClose: () => void;
  onAsked?: (result: AskQuestionResult) => void;
}

type Audience = 'chosen' | 'all';

export const ASK_FORM_MESSAGES = {
  questionRequired: 'Question is required',
  chooseEmployees: 'Choose at least one employee, or ask everyone',
} as const;

/**
 * "Ask a question" (PRODUCT.md section 2): the question, and either chosen employees from a
 * searchable list of staff or everyone (every active employee). A failed ask keeps what was typed.
 */
export function AskQuestionModal({ opened, onClose, onAsked }: AskQuestionModalProps) {
  const [question, setQuestion] = useState('');
  const [audience, setAudience] = useState<Audience>('chosen');
  const [chosen, setChosen] = useState<ChosenEmployee[]>([]);
  const [errors, setErrors] = useState<{ question?: string; employees?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useAskQuestion();
  const busy = ask.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems: typeof errors = {};
    if (!question.trim()) problems.question = ASK_FORM_MESSAGES.questionRequired;
    if (audience === 'chosen' && chosen.length === 0) {
      problems.employees = ASK_FORM_MESSAGES.chooseEmployees;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await ask.mutateAsync(
        audience === 'all'
          ? { question: question.trim(), all: true }
          : { question: question.trim(), employee_ids: chosen.map((employee) => employee.id) },
      );
      onAsked?.(result);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: typeof errors = {};
        for (const { field, message } of error.fieldErrors) {
          if (field === 'question') fromServer.question = message;
          if (field.startsWith('employee_ids')) fromServer.employees = message;
        }
        setErrors(fromServer);
      }
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title="Ask a question"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
          <Textarea
            label="Question"
            placeholder="What would you like to ask?"
            required
            rows={4}
            resize="vertical"
            maxLength={QUESTION_MAX_LENGTH}
            value={question}
            onChange={(event) => {
              setQuestion(event.currentTarget.value);
              setErrors((current) => ({ ...current, question: undefined }));
            }}
            error={errors.question}
            disabled={busy}
            data-autofocus
          />
          <Radio.Group
            label="Ask"
            value={audience}
            onChange={(value) => {
              setAudience(value as Audience);
              setErrors((current) => ({ ...current, employees: undefined }));
            }}
          >
            <Group mt="xs">
              <Radio value="chosen" label="Chosen employees" disabled={busy} />
              <Radio value="all" label="Everyone (all active staff)" disabled={busy} />
            </Group>
          </Radio.Group>
          {audience === 'chosen' && (
            <EmployeeMultiSelect
              value={chosen}
              onChange={(next) => {
                setChosen(next);
                setErrors((current) => ({ ...current, employees: undefined }));
              }}
              error={errors.employees}
              disabled={busy}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Asking...' : 'Ask Question'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
