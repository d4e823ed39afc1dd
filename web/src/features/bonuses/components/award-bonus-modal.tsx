import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Bonus } from '#contract/bonuses';
import { BackfillDateInput } from '../../../components/backfill-date-input';
import { employeeChoiceLabel } from '../../../components/employee-select';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAwardBonus } from '../api/award-bonus';
import {
  BONUS_FORM_FIELDS,
  BONUS_LIMITS,
  EMPTY_BONUS_FORM,
  toAwardBody,
  validateBonusForm,
  type BonusFormErrors,
  type BonusFormField,
  type BonusFormValues,
} from '../bonus-form-rules';
import { EmployeeMetricsList } from './employee-metrics-list';
import { EmployeePicker } from './employee-picker';

export interface AwardBonusModalProps {
  opened: boolean;
  onClose: () => void;
  onAwarded?: (bonus: Bonus) => void;
}

/**
 * The Add Bonus modal (SPEC.md section 2): employee, bonus name, description and an optional
 * past date; the chosen employee's performance metrics are listed before "Dispense Bonus".
 */
export function AwardBonusModal({ opened, onClose, onAwarded }: AwardBonusModalProps) {
  const [values, setValues] = useState<BonusFormValues>(EMPTY_BONUS_FORM);
  const [errors, setErrors] = useState<BonusFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const award = useAwardBonus();
  const busy = award.isPending;

  function change<K extends keyof BonusFormValues>(
    key: K,
    field: BonusFormField,
    value: BonusFormValues[K],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateBonusForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      onAwarded?.(await award.mutateAsync(toAwardBody(values)));
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
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title="Add Bonus"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
          <EmployeePicker
            label="Employee"
            placeholder="Search staff by name or email"
            required
            value={values.employee}
            onChange={(choice) => change('employee', 'employee_id', choice)}
            error={errors.employee_id}
            disabled={busy}
            data-autofocus
          />
          {values.employee && (
            <EmployeeMetricsList
              employeeId={values.employee.id}
              employeeName={employeeChoiceLabel(values.employee)}
            />
          )}
          <TextInput
            label="Bonus Name"
            required
            maxLength={BONUS_LIMITS.name}
            autoComplete="off"
            value={values.bonus_name}
            onChange={(event) => change('bonus_name', 'bonus_name', event.currentTarget.value)}
            error={errors.bonus_name}
            disabled={busy}
          />
          <Textarea
            label="Description"
            required
            rows={3}
            maxLength={BONUS_LIMITS.description}
            value={values.description}
            onChange={(event) => change('description', 'description', event.currentTarget.value)}
            error={errors.description}
            disabled={busy}
          />
          <BackfillDateInput
            label="Awarded On"
            value={values.created_at}
            onChange={(value) => change('created_at', 'created_at', value)}
            error={errors.created_at}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Dispense Bonus
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
