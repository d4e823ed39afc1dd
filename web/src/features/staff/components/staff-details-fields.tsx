import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  EMPLOYMENT_TYPES,
  EMPLOYMENT_TYPE_LABELS,
  LOCATIONS,
  LOCATION_LABELS,
} from '#contract/employee-options';
import { TEXT_LIMITS } from '#contract/text-limits';
import { lengthHint } from '../../../components/length-hint';
import type { StaffFormErrors, StaffFormValues } from '../staff-form-rules';
import { ManagerSelect } from './manager-select';
import { SkillsInput } from './skills-input';

export interface StaffDetailsFieldsProps {
  values: StaffFormValues;
  errors: StaffFormErrors;
  busy: boolean;
  /** The employee being edited, who cannot be their own manager. */
  excludeId?: number;
  onChange: (changes: Partial<StaffFormValues>) => void;
}

/** The modal's "More details": everything /create sets beyond SPEC.md's modal fields. */
export function StaffDetailsFields({
  values,
  errors,
  busy,
  excludeId,
  onChange,
}: StaffDetailsFieldsProps) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Employee ID"
          autoComplete="off"
          value={values.employee_code}
          {...lengthHint(values.employee_code, TEXT_LIMITS.staff.employee_code)}
          onChange={(event) => onChange({ employee_code: event.currentTarget.value })}
          error={errors.employee_code}
          disabled={busy}
        />
        <Select
          label="Employment Type"
          clearable
          data={EMPLOYMENT_TYPES.map((value) => ({ value, label: EMPLOYMENT_TYPE_LABELS[value] }))}
          value={values.employment_type || null}
          onChange={(value) => onChange({ employment_type: value ?? '' })}
          error={errors.employment_type}
          disabled={busy}
        />
        <Select
          label="Location"
          clearable
          data={LOCATIONS.map((value) => ({ value, label: LOCATION_LABELS[value] }))}
          value={values.location || null}
          onChange={(value) => onChange({ location: value ?? '' })}
          error={errors.location}
          disabled={busy}
        />
        <ManagerSelect
          value={values.manager_id}
          valueLabel={values.manager_name}
          excludeId={excludeId}
          onChange={(id, name) => onChange({ manager_id: id, manager_name: name })}
          error={errors.manager_id}
          disabled={busy}
        />
      </SimpleGrid>
      <SkillsInput
        value={values.skills}
        onChange={(skills) => onChange({ skills })}
        disabled={busy}
      />
      <Textarea
        label="Notes"
        rows={3}
        value={values.notes}
        {...lengthHint(values.notes, TEXT_LIMITS.staff.notes)}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
        error={errors.notes}
        disabled={busy}
      />
    </Stack>
  );
}
