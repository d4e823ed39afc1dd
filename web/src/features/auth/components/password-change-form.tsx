import { PasswordInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '#contract/auth-messages';
import { TEXT_LIMITS } from '#contract/text-limits';
import { lengthHint } from '../../../components/length-hint';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

export const EMPTY_PASSWORD_FORM = { current: '', next: '', confirm: '' };
export type PasswordChangeForm = typeof EMPTY_PASSWORD_FORM;

/** Client-side rules of SPEC.md section 5, in the order a person fixes them. */
export function validatePasswordChange(form: PasswordChangeForm): string | null {
  if (!form.current) return 'Current password is required';
  if (form.next !== form.confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (form.next.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (form.next === form.current) return AUTH_MESSAGES.newPasswordSameAsCurrent;
  return null;
}

/**
 * A password change's state, shared by the Change Password modal and the temporary-password
 * screen: the three fields, the first problem to fix, and a submit that checks them, asks the
 * server and hands the new session token to `onChanged`.
 */
export function usePasswordChangeForm(onChanged: (token: string) => void) {
  const [form, setForm] = useState(EMPTY_PASSWORD_FORM);
  const [error, setError] = useState<string | null>(null);
  const mutation = useChangePassword();

  const set =
    (field: keyof PasswordChangeForm) => (event: { currentTarget: { value: string } }) => {
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
      onChanged(token);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to change password'));
    }
  }

  function reset() {
    setForm(EMPTY_PASSWORD_FORM);
    setError(null);
    mutation.reset();
  }

  return { form, set, error, submit, reset, busy: mutation.isPending };
}

/** The three password fields, with their length hints; the current one takes the focus. */
export function PasswordChangeFields({
  form,
  set,
  disabled,
  currentDescription,
  autoFocus = false,
}: {
  form: PasswordChangeForm;
  set: ReturnType<typeof usePasswordChangeForm>['set'];
  disabled: boolean;
  currentDescription?: string;
  /** On a page of its own; a modal focuses the field marked data-autofocus itself. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label="Current Password"
        value={form.current}
        {...lengthHint(form.current, TEXT_LIMITS.password, currentDescription)}
        onChange={set('current')}
        autoComplete="current-password"
        required
        disabled={disabled}
        data-autofocus
        autoFocus={autoFocus}
      />
      <PasswordInput
        label="New Password"
        value={form.next}
        onChange={set('next')}
        autoComplete="new-password"
        required
        disabled={disabled}
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
        disabled={disabled}
      />
    </>
  );
}
