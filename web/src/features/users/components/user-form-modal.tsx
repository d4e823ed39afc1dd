import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { UserType } from '#contract/roles';
import type { User, UserWithPassword } from '#contract/users';
import { ErrorBanner } from '../../../components/error-banner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import {
  EMPTY_USER_FORM,
  USER_TYPE_OPTIONS,
  toCreateUserBody,
  toUpdateUserBody,
  userFormFrom,
  validateUserForm,
  type UserFormErrors,
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

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_USER_FORM));

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
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;

  const set = (field: UserFormField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = validateUserForm(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, body: toUpdateUserBody(values) });
      } else {
        onCreated?.(await create.mutateAsync(toCreateUserBody(values)));
      }
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError) {
        const fromServer: UserFormErrors = {};
        for (const { field, message } of error.fieldErrors) {
          if (FORM_FIELDS.has(field)) fromServer[field as UserFormField] = message;
        }
        setErrors(fromServer);
      }
    }
  }

  const editingSelf = user !== undefined && user !== null && user.id === currentUserId;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={mode === 'add' ? 'Add User' : 'Edit User'}
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
              value={values.firstname}
              onChange={(event) => set('firstname')(event.currentTarget.value)}
              error={errors.firstname}
              disabled={busy}
              data-autofocus
            />
            <TextInput
              label="Last Name"
              required
              value={values.lastname}
              onChange={(event) => set('lastname')(event.currentTarget.value)}
              error={errors.lastname}
              disabled={busy}
            />
            <TextInput
              label="Email"
              type="email"
              required
              value={values.email}
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
            description={
              mode === 'add'
                ? 'Leave blank to generate a temporary password, shown once'
                : 'Leave blank to keep the current password; a new one signs the user out'
            }
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
            error={errors.password}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {mode === 'add' ? 'Add User' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
