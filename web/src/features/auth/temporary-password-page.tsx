import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '#contract/auth-messages';
import { TEXT_LIMITS } from '#contract/text-limits';
import { lengthHint } from '../../components/length-hint';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { writeSession } from '../../lib/session-storage';
import { useChangePassword } from './api/change-password';
import { EMPTY_PASSWORD_FORM, validatePasswordChange } from './components/change-password-modal';

/**
 * What a signed-in person sees, on every screen, while their password is a one-time one an admin
 * was shown (the server refuses everything else meanwhile): why, the change-password form, and a
 * way to sign out. Once changed, the screen they asked for appears.
 */
export default function TemporaryPasswordPage() {
  const { session, signOut } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY_PASSWORD_FORM);
  const [error, setError] = useState<string | null>(null);
  const mutation = useChangePassword();
  const busy = mutation.isPending;

  const set =
    (field: keyof typeof EMPTY_PASSWORD_FORM) => (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [field]: value }));
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validatePasswordChange(form);
    setError(problem);
    if (problem || !session) return;
    try {
      const { token } = await mutation.mutateAsync({
        oldPassword: form.current,
        newPassword: form.next,
      });
      // Nothing asked before the change was answered (403s): ask again with the new session.
      queryClient.clear();
      writeSession({ token, user: { ...session.user, must_change_password: false } });
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to change password'));
    }
  }

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={440}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Choose a new password
            </Title>
            <Alert color="blue" role="status">
              {AUTH_MESSAGES.temporaryPasswordReason}
            </Alert>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="Current Password"
              value={form.current}
              {...lengthHint(
                form.current,
                TEXT_LIMITS.password,
                'The temporary password you signed in with',
              )}
              onChange={set('current')}
              autoComplete="current-password"
              required
              disabled={busy}
              data-autofocus
              autoFocus
            />
            <PasswordInput
              label="New Password"
              value={form.next}
              onChange={set('next')}
              autoComplete="new-password"
              required
              disabled={busy}
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
              disabled={busy}
            />
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={busy}
                onClick={() => {
                  signOut();
                  queryClient.clear();
                }}
              >
                Sign Out
              </Button>
              <Button type="submit" loading={busy}>
                Change Password
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Signed in as {session?.user.email}
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
