import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Bonus } from '#contract/bonuses';
import { BackfillDateInput } from '../../../components/backfill-date-input';
import { EmployeePicker } from '../../../components/employee-picker';
import { employeeChoiceLabel } from '../../../components/employee-select';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { useAwardBonus } from '../api/award-bonus';
import {
  BONUS_FORM_FIELDS,
  BONUS_LIMITS,
  EMPTY_BONUS_FORM,
  toAwardBody,
  validateBonusForm,
  type BonusFormField,
  type BonusFormValues,
} from '../bonus-form-rules';
import { EmployeeMetricsList } from './employee-metrics-list';

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
  const { errors, failure, clearErrors, submit } = useFormSubmission(
    fieldsNamed<BonusFormField>(BONUS_FORM_FIELDS),
  );
  const award = useAwardBonus();
  const busy = award.isPending;

  function change<K extends keyof BonusFormValues>(
    key: K,
    field: BonusFormField,
    value: BonusFormValues[K],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    clearErrors(field);
  }

  const save = () =>
    submit(validateBonusForm(values), async () => {
      onAwarded?.(await award.mutateAsync(toAwardBody(values)));
      onClose();
    });

  return (
    <FormModal
      opened={opened}
      title="Add Bonus"
      busy={busy}
      failure={failure}
      submitLabel="Dispense Bonus"
      onSubmit={save}
      onClose={onClose}
    >
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
        {...lengthHint(values.bonus_name, BONUS_LIMITS.name)}
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
        {...lengthHint(values.description, BONUS_LIMITS.description)}
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
    </FormModal>
  );
}
