import { PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { UserType } from '#contract/roles';
import { TEXT_LIMITS } from '#contract/text-limits';
import type { User, UserWithPassword } from '#contract/users';
import { EmployeeSelect, type EmployeeChoice } from '../../../components/employee-select';
import { FormModal } from '../../../components/form-modal';
import { lengthHint } from '../../../components/length-hint';
import { fieldsNamed, useFormSubmission } from '../../../components/use-form-submission';
import { useCreateUser } from '../api/create-user';
import { useStaffForLinking } from '../api/list-staff-for-linking';
import { useUpdateUser } from '../api/update-user';
import {
  EMPTY_USER_FORM,
  USER_TYPE_OPTIONS,
  toCreateUserBody,
  toUpdateUserBody,
  userFormFrom,
  validateUserForm,
  type UserFormField,
  type UserFormValues,
} from '../user-form-rules';

export interface UserFormModalProps {
  opened: boolean;
  /** The user to edit; without one the modal adds a user. */
  user?: User | null;
  /** The signed-in admin: changing their own role or password signs them out. */
  currentUserId?: number;
  onClose: () => void;
  onCreated?: (result: UserWithPassword) => void;
}

const FORM_FIELDS = fieldsNamed([
  ...(Object.keys(EMPTY_USER_FORM) as UserFormField[]),
  'employee_id',
]);

/** The account's staff record as the picker shows it (the list answers its name only). */
const linkedChoice = (user: User | null | undefined): EmployeeChoice | null =>
  user?.employee_id
    ? { id: user.employee_id, first_name: user.employee_name ?? '', last_name: '', email: '' }
    : null;

/** The Add User and Edit User modals of /users. */
export function UserFormModal({
  opened,
  user,
  currentUserId,
  onClose,
  onCreated,
}: UserFormModalProps) {
  const mode = user ? 'edit' : 'add';
  const [values, setValues] = useState<UserFormValues>(() =>
    user ? userFormFrom(user) : EMPTY_USER_FORM,
  );
  const { errors, failure, clearErrors, submit } = useFormSubmission(FORM_FIELDS);
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  // Editing: the staff record this account belongs to, whatever its role (PRODUCT.md 7.1).
  const [employee, setEmployee] = useState<EmployeeChoice | null>(() => linkedChoice(user));
  const [staffSearch, setStaffSearch] = useState('');
  const [debouncedStaffSearch] = useDebouncedValue(staffSearch.trim(), 300);
  const staff = useStaffForLinking(
    { search: debouncedStaffSearch || undefined, page: 1, limit: 20 },
    opened && mode === 'edit',
  );

  const set = (field: UserFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  };

  const save = () =>
    submit(validateUserForm(values), async () => {
      if (user) {
        const employeeId = employee?.id ?? null;
        const relink = employeeId !== user.employee_id ? { employee_id: employeeId } : {};
        await update.mutateAsync({ id: user.id, body: { ...toUpdateUserBody(values), ...relink } });
      } else {
        onCreated?.(await create.mutateAsync(toCreateUserBody(values)));
      }
      onClose();
    });

  const editingSelf = user !== undefined && user !== null && user.id === currentUserId;
  return (
    <FormModal
      opened={opened}
      title={mode === 'add' ? 'Add User' : 'Edit User'}
      busy={busy}
      failure={failure}
      submitLabel={mode === 'add' ? 'Add User' : 'Save Changes'}
      onSubmit={save}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First Name"
          required
          value={values.firstname}
          {...lengthHint(values.firstname, TEXT_LIMITS.user.firstname)}
          onChange={(event) => set('firstname')(event.currentTarget.value)}
          error={errors.firstname}
          disabled={busy}
          data-autofocus
        />
        <TextInput
          label="Last Name"
          required
          value={values.lastname}
          {...lengthHint(values.lastname, TEXT_LIMITS.user.lastname)}
          onChange={(event) => set('lastname')(event.currentTarget.value)}
          error={errors.lastname}
          disabled={busy}
        />
        <TextInput
          label="Email"
          type="email"
          required
          value={values.email}
          {...lengthHint(values.email, TEXT_LIMITS.email)}
          onChange={(event) => set('email')(event.currentTarget.value)}
          error={errors.email}
          disabled={busy}
        />
        <Select
          label="User Type"
          required
          data={USER_TYPE_OPTIONS}
          value={values.user_type || null}
          onChange={(value) => set('user_type')((value ?? '') as UserType | '')}
          error={errors.user_type}
          allowDeselect={false}
          disabled={busy}
          description={editingSelf ? 'Changing your own role signs you out' : undefined}
        />
      </SimpleGrid>
      <PasswordInput
        label={mode === 'add' ? 'Password (optional)' : 'New Password (optional)'}
        autoComplete="new-password"
        value={values.password}
        {...lengthHint(
          values.password,
          TEXT_LIMITS.password,
          mode === 'add'
            ? 'Leave blank to generate a temporary password, shown once'
            : 'Leave blank to keep the current password; a new one signs the user out',
        )}
        onChange={(event) => set('password')(event.currentTarget.value)}
        error={errors.password}
        disabled={busy}
      />
      {mode === 'edit' && (
        <EmployeeSelect
          label="Staff record"
          placeholder="Not linked to a staff record"
          value={employee}
          onChange={(choice) => {
            setEmployee(choice);
            clearErrors('employee_id');
          }}
          search={staffSearch}
          onSearchChange={setStaffSearch}
          found={staff.data?.employees ?? []}
          searching={staff.isFetching}
          failed={staff.isError}
          clearable
          error={errors.employee_id}
          disabled={busy}
        />
      )}
    </FormModal>
  );
}
