import { Accordion, Anchor, Autocomplete, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  STATUS_LABELS,
  type EmployeeStatus,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { TEXT_LIMITS } from '#contract/text-limits';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { useCreateEmployee } from '../api/create-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { StaffDetailsFields } from './staff-details-fields';
import {
  EMPTY_STAFF_FORM,
  staffFormFrom,
  toCreateBody,
  toDraft,
  toUpdateBody,
  validateStaffForm,
  type StaffFormField,
  type StaffFormValues,
  type StaffTextField,
} from '../staff-form-rules';
import type { CarriedStaffForm } from '../staff-draft';

export interface StaffFormModalProps {
  opened: boolean;
  /** The employee to edit; without one the modal adds a new staff member. */
  employee?: Employee | null;
  /** Positions already in use, offered as suggestions. */
  positions?: string[];
  onClose: () => void;
  onSaved?: (employee: Employee) => void;
}

const FORM_FIELDS = fieldsNamed(Object.keys(EMPTY_STAFF_FORM) as StaffFormField[]);
const DETAIL_FIELDS: StaffFormField[] = [
  'employee_code',
  'employment_type',
  'location',
  'manager_id',
  'notes',
  'skills',
];

/** The typed fields' longest texts (the form's others are chosen, dates or numbers). */
const TYPED_LIMITS: Partial<Record<StaffTextField, number>> = {
  first_name: TEXT_LIMITS.staff.first_name,
  last_name: TEXT_LIMITS.staff.last_name,
  email: TEXT_LIMITS.email,
  phone: TEXT_LIMITS.staff.phone,
};

/**
 * The Add New Staff and Edit modals of /staff (SPEC.md sections 2 and 5). The edit form has no
 * join date input; both have a Status select (the edit form's is beyond SPEC.md, see
 * docs/product-decisions.md). The add modal links to /create, the full form with drafts, carrying
 * what was typed. A failed save keeps everything typed and says why.
 */
export function StaffFormModal({
  opened,
  employee,
  positions = [],
  onClose,
  onSaved,
}: StaffFormModalProps) {
  const mode = employee ? 'edit' : 'add';
  const [values, setValues] = useState<StaffFormValues>(() =>
    employee ? staffFormFrom(employee) : EMPTY_STAFF_FORM,
  );
  const { errors, failure, clearErrors, submit } = useFormSubmission(FORM_FIELDS);
  // The extra fields stay folded away (and the manager list unloaded) until asked for.
  const [details, setDetails] = useState<string | null>(null);
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const busy = create.isPending || update.isPending;

  const set = (field: StaffTextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  };
  const text = (field: StaffTextField) => {
    const limit = TYPED_LIMITS[field];
    return {
      value: values[field],
      onChange: (event: { currentTarget: { value: string } }) =>
        set(field)(event.currentTarget.value),
      error: errors[field],
      disabled: busy,
      ...(limit ? lengthHint(values[field], limit) : {}),
    };
  };

  async function save() {
    const shown = await submit(validateStaffForm(values, mode), async () => {
      const saved = employee
        ? await update.mutateAsync({ id: employee.id, body: toUpdateBody(values) })
        : await create.mutateAsync(toCreateBody(values));
      onSaved?.(saved);
      onClose();
    });
    // An error in a folded-away field must be seen: unfold them.
    if (DETAIL_FIELDS.some((field) => shown[field])) setDetails('details');
  }

  return (
    <FormModal
      opened={opened}
      title={mode === 'add' ? 'Add New Staff' : 'Edit Staff Member'}
      busy={busy}
      failure={failure}
      submitLabel={mode === 'add' ? 'Add Staff' : 'Save Changes'}
      onSubmit={save}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First Name"
          required
          autoComplete="off"
          {...text('first_name')}
          data-autofocus
        />
        <TextInput label="Last Name" required autoComplete="off" {...text('last_name')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...text('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...text('phone')} />
        <Autocomplete
          label="Position"
          required
          data={positions}
          value={values.position}
          {...lengthHint(values.position, TEXT_LIMITS.staff.position)}
          onChange={set('position')}
          error={errors.position}
          disabled={busy}
        />
        <Select
          label="Department"
          required
          data={[...DEPARTMENTS]}
          value={values.department || null}
          onChange={(value) => set('department')(value ?? '')}
          error={errors.department}
          disabled={busy}
          allowDeselect={false}
        />
        {mode === 'add' && (
          <TextInput label="Join Date" type="date" required {...text('join_date')} />
        )}
        <Select
          label="Status"
          data={EMPLOYEE_STATUSES.map((status) => ({
            value: status,
            label: STATUS_LABELS[status],
          }))}
          value={values.status}
          onChange={(value) => set('status')((value ?? 'active') as EmployeeStatus)}
          allowDeselect={false}
          disabled={busy}
        />
        <TextInput
          label="Salary"
          inputMode="decimal"
          placeholder="e.g. 52000"
          {...text('salary')}
        />
      </SimpleGrid>
      <Accordion variant="contained" value={details} onChange={setDetails}>
        <Accordion.Item value="details">
          <Accordion.Control>
            More details: employee ID, employment, manager, skills, notes
          </Accordion.Control>
          <Accordion.Panel>
            {details && (
              <StaffDetailsFields
                values={values}
                errors={errors}
                busy={busy}
                excludeId={employee?.id}
                onChange={(changes) => {
                  setValues((current) => ({ ...current, ...changes }));
                  clearErrors(...(Object.keys(changes) as StaffFormField[]));
                }}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {mode === 'add' && (
        <Anchor
          component={Link}
          to="/create"
          state={{ carriedDraft: toDraft(values) } satisfies CarriedStaffForm}
          size="sm"
        >
          More details on the full form, with drafts
        </Anchor>
      )}
    </FormModal>
  );
}
