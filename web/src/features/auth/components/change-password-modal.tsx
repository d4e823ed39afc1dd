import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '#contract/auth-messages';
import { TEXT_LIMITS } from '#contract/text-limits';
import { lengthHint } from '../../../components/length-hint';
import { useReturnFocus } from '../../../components/use-return-focus';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';

export const EMPTY_PASSWORD_FORM = { current: '', next: '', confirm: '' };
const EMPTY = EMPTY_PASSWORD_FORM;
export const SUCCESS_CLOSE_DELAY_MS = 2000;

/** Client-side rules of SPEC.md section 5, in the order a person fixes them. */
export function validatePasswordChange(form: typeof EMPTY): string | null {
  if (!form.current) return 'Current password is required';
  if (form.next !== form.confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (form.next.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (form.next === form.current) return AUTH_MESSAGES.newPasswordSameAsCurrent;
  return null;
}

/**
 * The Change Password modal of SPEC.md section 2: closed, open, submitting, success (closes after
 * two seconds); everything resets when it closes.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted open the first time (app-layout loads it on demand): Mantine would not return focus.
  useReturnFocus(opened);
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const mutation = useChangePassword();
  const { replaceToken } = useSession();
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (opened) return;
    window.clearTimeout(closeTimer.current);
    setForm(EMPTY);
    setError(null);
    setSucceeded(false);
    mutation.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal closes
  }, [opened]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const set = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget once the handler returns.
    const { value } = event.currentTarget;
    setForm((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePasswordChange(form);
    setError(problem);
    if (problem) return;
    try {
      const { token } = await mutation.mutateAsync({
        oldPassword: form.current,
        newPassword: form.next,
      });
      replaceToken(token);
      setSucceeded(true);
      closeTimer.current = window.setTimeout(onClose, SUCCESS_CLOSE_DELAY_MS);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to change password'));
    }
  }

  const busy = mutation.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Change Password"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {succeeded && (
            <Alert color="green" role="status">
              {AUTH_MESSAGES.passwordChanged}
            </Alert>
          )}
          <PasswordInput
            label="Current Password"
            value={form.current}
            {...lengthHint(form.current, TEXT_LIMITS.password)}
            onChange={set('current')}
            autoComplete="current-password"
            required
            disabled={busy || succeeded}
            data-autofocus
          />
          <PasswordInput
            label="New Password"
            value={form.next}
            onChange={set('next')}
            autoComplete="new-password"
            required
            disabled={busy || succeeded}
            {...lengthHint(
              form.next,
              TEXT_LIMITS.password,
              `At least ${MIN_PASSWORD_LENGTH} characters`,
            )}
          />
          <PasswordInput
            label="Confirm New Password"
            value={form.confirm}
            {...lengthHint(form.confirm, TEXT_LIMITS.password)}
            onChange={set('confirm')}
            autoComplete="new-password"
            required
            disabled={busy || succeeded}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={succeeded}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
