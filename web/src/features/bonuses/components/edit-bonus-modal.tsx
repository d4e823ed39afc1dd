import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Bonus } from '#contract/bonuses';
import { ErrorBanner } from '../../../components/error-banner';
import { employeeNameOf } from '../../../components/performance-format';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useUpdateBonus } from '../api/update-bonus';
import {
  BONUS_FORM_FIELDS,
  BONUS_LIMITS,
  validateBonusForm,
  type BonusFormErrors,
  type BonusFormField,
} from '../bonus-form-rules';

export interface EditBonusModalProps {
  bonus: Bonus;
  onClose: () => void;
}

/** The Edit modal of /bonuses: the employee is shown read-only; name and description change. */
export function EditBonusModal({ bonus, onClose }: EditBonusModalProps) {
  const [name, setName] = useState(bonus.bonus_name);
  const [description, setDescription] = useState(bonus.description);
  const [errors, setErrors] = useState<BonusFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateBonus();
  const busy = update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateBonusForm(
      { employee: null, bonus_name: name, description, created_at: '' },
      { withEmployee: false },
    );
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await update.mutateAsync({
        id: bonus.id,
        body: {
          employee_id: bonus.employee_id,
          bonus_name: name.trim(),
          description: description.trim(),
        },
      });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: BonusFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if (BONUS_FORM_FIELDS.has(field)) fromServer[field as BonusFormField] = message;
        }
        setErrors(fromServer);
      }
    }
  }

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title="Edit Bonus"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
          <TextInput
            label="Employee"
            value={`${employeeNameOf(bonus)} (${bonus.email})`}
            readOnly
            variant="filled"
          />
          <TextInput
            label="Bonus Name"
            required
            maxLength={BONUS_LIMITS.name}
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => ({ ...current, bonus_name: undefined }));
            }}
            error={errors.bonus_name}
            disabled={busy}
            data-autofocus
          />
          <Textarea
            label="Description"
            required
            rows={3}
            maxLength={BONUS_LIMITS.description}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              setErrors((current) => ({ ...current, description: undefined }));
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
