import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '#contract/auth-messages';
import { useSession } from '../../lib/session';
import { writeSession } from '../../lib/session-storage';
import { PasswordChangeFields, usePasswordChangeForm } from './components/password-change-form';

/**
 * What a signed-in person sees, on every screen, while their password is a one-time one an admin
 * was shown (the server refuses everything else meanwhile): why, the change-password form, and a
 * way to sign out. Once changed, the screen they asked for appears.
 */
export default function TemporaryPasswordPage() {
  const { session, signOut } = useSession();
  const queryClient = useQueryClient();
  const { form, set, error, submit, busy } = usePasswordChangeForm((token) => {
    // Nothing asked before the change was answered (403s): ask again with the new session.
    queryClient.clear();
    if (session) writeSession({ token, user: { ...session.user, must_change_password: false } });
  });

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
            <PasswordChangeFields
              form={form}
              set={set}
              disabled={busy}
              currentDescription="The temporary password you signed in with"
              autoFocus
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
