import { Group, Radio, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  QUESTION_MAX_LENGTH,
  QUESTION_MESSAGES,
  type AskQuestionResult,
} from '#contract/questions';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { useFormSubmission, type FieldErrors } from '../../../components/use-form-submission';
import { useAskQuestion } from '../api/ask-question';
import { EmployeeMultiSelect, type ChosenEmployee } from './employee-multi-select';

export interface AskQuestionModalProps {
  opened: boolean;
  onClose: () => void;
  onAsked?: (result: AskQuestionResult) => void;
}

type Audience = 'chosen' | 'all';
type AskField = 'question' | 'employees';

/** The server names `employee_ids` (or one of them); the form shows that under Employees. */
const askFieldOf = (field: string): AskField | undefined =>
  field === 'question' ? 'question' : field.startsWith('employee_ids') ? 'employees' : undefined;

export const ASK_FORM_MESSAGES = {
  questionRequired: 'Question is required',
  chooseEmployees: QUESTION_MESSAGES.chooseEmployees,
} as const;

/**
 * "Ask a question" (PRODUCT.md section 2): the question, and either chosen employees from a
 * searchable list of staff or everyone (every active employee). A failed ask keeps what was typed.
 */
export function AskQuestionModal({ opened, onClose, onAsked }: AskQuestionModalProps) {
  const [question, setQuestion] = useState('');
  const [audience, setAudience] = useState<Audience>('chosen');
  const [chosen, setChosen] = useState<ChosenEmployee[]>([]);
  const { errors, failure, clearErrors, submit } = useFormSubmission(askFieldOf);
  const ask = useAskQuestion();
  const busy = ask.isPending;

  function problems(): FieldErrors<AskField> {
    const found: FieldErrors<AskField> = {};
    if (!question.trim()) found.question = ASK_FORM_MESSAGES.questionRequired;
    if (audience === 'chosen' && chosen.length === 0) {
      found.employees = ASK_FORM_MESSAGES.chooseEmployees;
    }
    return found;
  }

  const save = () =>
    submit(problems(), async () => {
      const result = await ask.mutateAsync(
        audience === 'all'
          ? { question: question.trim(), all: true }
          : { question: question.trim(), employee_ids: chosen.map((employee) => employee.id) },
      );
      onAsked?.(result);
      onClose();
    });

  return (
    <FormModal
      opened={opened}
      title="Ask a question"
      busy={busy}
      failure={failure}
      submitLabel="Ask Question"
      busyLabel="Asking..."
      onSubmit={save}
      onClose={onClose}
      centered={false}
    >
      <Textarea
        label="Question"
        placeholder="What would you like to ask?"
        required
        rows={4}
        resize="vertical"
        {...lengthHint(question, QUESTION_MAX_LENGTH)}
        value={question}
        onChange={(event) => {
          setQuestion(event.currentTarget.value);
          clearErrors('question');
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
          clearErrors('employees');
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
            clearErrors('employees');
          }}
          error={errors.employees}
          disabled={busy}
        />
      )}
    </FormModal>
  );
}
