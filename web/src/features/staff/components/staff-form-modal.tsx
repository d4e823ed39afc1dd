import {
  Accordion,
  Autocomplete,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  STATUS_LABELS,
  type EmployeeStatus,
} from '#contract/employee-options';
import type { Employee } from '#contract/employees';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateEmployee } from '../api/create-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { StaffDetailsFields } from './staff-details-fields';
import {
  EMPTY_STAFF_FORM,
  staffFormFrom,
  toCreateBody,
  toUpdateBody,
  validateStaffForm,
  type StaffFormErrors,
  type StaffFormField,
  type StaffFormValues,
  type StaffTextField,
} from '../staff-form-rules';

export interface StaffFormModalProps {
  opened: boolean;
  /** The employee to edit; without one the modal adds a new staff member. */
  employee?: Employee | null;
  /** Positions already in use, offered as suggestions. */
  positions?: string[];
  onClose: () => void;
  onSaved?: (employee: Employee) => void;
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_STAFF_FORM));
const DETAIL_FIELDS: StaffFormField[] = [
  'employee_code',
  'employment_type',
  'location',
  'manager_id',
  'notes',
  'skills',
];

/**
 * The Add New Staff and Edit modals of /staff (SPEC.md sections 2 and 5). The edit form has no
 * join date or status input. A failed save keeps everything typed and says why.
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
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The extra fields stay folded away (and the manager list unloaded) until asked for.
  const [details, setDetails] = useState<string | null>(null);
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const busy = create.isPending || update.isPending;

  const set = (field: StaffTextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: StaffTextField) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field)(event.currentTarget.value),
    error: errors[field],
    disabled: busy,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateStaffForm(values, mode);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = employee
        ? await update.mutateAsync({ id: employee.id, body: toUpdateBody(values) })
        : await create.mutateAsync(toCreateBody(values));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: StaffFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if (FORM_FIELDS.has(field)) fromServer[field as StaffFormField] = message;
        }
        setErrors(fromServer);
        if (DETAIL_FIELDS.some((field) => fromServer[field])) setDetails('details');
      }
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={mode === 'add' ? 'Add New Staff' : 'Edit Staff Member'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={failure} />
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
            {mode === 'add' && (
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
            )}
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
                      setErrors((current) => {
                        const next = { ...current };
                        for (const key of Object.keys(changes)) delete next[key as StaffFormField];
                        return next;
                      });
                    }}
                  />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {mode === 'add' ? 'Add Staff' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
