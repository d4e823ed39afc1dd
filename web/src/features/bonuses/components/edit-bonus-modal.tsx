import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Bonus } from '#contract/bonuses';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { employeeNameOf } from '../../../components/performance-format';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { formatDateTime } from '../../../lib/format';
import { useUpdateBonus } from '../api/update-bonus';
import {
  BONUS_FORM_FIELDS,
  BONUS_LIMITS,
  validateBonusForm,
  type BonusFormField,
} from '../bonus-form-rules';

export interface EditBonusModalProps {
  bonus: Bonus;
  onClose: () => void;
  /** After a save went through, with the bonus as saved. */
  onSaved?: (bonus: Bonus) => void;
}

/** The Edit modal of /bonuses: the employee is shown read-only; name and description change. */
export function EditBonusModal({ bonus, onClose, onSaved }: EditBonusModalProps) {
  const [name, setName] = useState(bonus.bonus_name);
  const [description, setDescription] = useState(bonus.description);
  const { errors, failure, clearErrors, submit } = useFormSubmission(
    fieldsNamed<BonusFormField>(BONUS_FORM_FIELDS),
  );
  const update = useUpdateBonus();
  const busy = update.isPending;

  const save = () =>
    submit(
      validateBonusForm(
        { employee: null, bonus_name: name, description, created_at: '' },
        { withEmployee: false },
      ),
      async () => {
        const saved = await update.mutateAsync({
          id: bonus.id,
          body: {
            employee_id: bonus.employee_id,
            bonus_name: name.trim(),
            description: description.trim(),
          },
        });
        onSaved?.(saved);
        onClose();
      },
    );

  return (
    <FormModal
      opened
      title="Edit Bonus"
      busy={busy}
      failure={failure}
      submitLabel="Save Changes"
      onSubmit={save}
      onClose={onClose}
    >
      <TextInput
        label="Employee"
        value={`${employeeNameOf(bonus)} (${bonus.email})`}
        readOnly
        variant="filled"
      />
      <TextInput
        label="Bonus Name"
        required
        {...lengthHint(name, BONUS_LIMITS.name)}
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          clearErrors('bonus_name');
        }}
        error={errors.bonus_name}
        disabled={busy}
        data-autofocus
      />
      <Textarea
        label="Description"
        required
        rows={3}
        {...lengthHint(description, BONUS_LIMITS.description)}
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          clearErrors('description');
        }}
        error={errors.description}
        disabled={busy}
      />
      <TextInput
        label="Awarded"
        value={formatDateTime(bonus.created_at)}
        readOnly
        variant="filled"
      />
    </FormModal>
  );
}
