import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useSession } from '../../../lib/session';
import { PasswordChangeFields, usePasswordChangeForm } from './password-change-form';

export const SUCCESS_CLOSE_DELAY_MS = 2000;

/**
 * The Change Password modal of SPEC.md section 2: closed, open, submitting, success (closes after
 * two seconds); everything resets when it closes.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted open the first time (app-layout loads it on demand): Mantine would not return focus.
  useReturnFocus(opened);
  const [succeeded, setSucceeded] = useState(false);
  const { replaceToken } = useSession();
  const closeTimer = useRef<number | undefined>(undefined);
  const { form, set, error, submit, reset, busy } = usePasswordChangeForm((token) => {
    replaceToken(token);
    setSucceeded(true);
    closeTimer.current = window.setTimeout(onClose, SUCCESS_CLOSE_DELAY_MS);
  });

  useEffect(() => {
    if (opened) return;
    window.clearTimeout(closeTimer.current);
    reset();
    setSucceeded(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal closes
  }, [opened]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

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
          <PasswordChangeFields form={form} set={set} disabled={busy || succeeded} />
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
