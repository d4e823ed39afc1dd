import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { USER_MESSAGES } from '#contract/user-options';
import type { User } from '#contract/users';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, fullName } from '../../../lib/format';
import { useUnlockUser } from '../api/unlock-user';

/** "Unlock {name}?": lifts a sign-in lock before it runs out, with a toast once done. */
export function UnlockUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const mutation = useUnlockUser();
  const name = user ? fullName(user.firstname, user.lastname) : '';
  const close = () => {
    mutation.reset();
    onClose();
  };

  async function confirm() {
    if (!user) return;
    try {
      await mutation.mutateAsync(user.id);
      notifications.show({ color: 'green', message: `${name} was unlocked` });
      close();
    } catch {
      // The modal shows the refusal and stays open.
    }
  }

  return (
    <Modal
      opened={user !== null}
      onClose={mutation.isPending ? () => undefined : close}
      title="Unlock Account"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ErrorBanner message={mutation.isError ? errorMessage(mutation.error) : null} />
        <Text>{USER_MESSAGES.unlockQuestion(name)}</Text>
        {user?.locked_until && (
          <Text size="sm">
            Wrong passwords locked this account until {formatDateTime(user.locked_until)}.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {USER_MESSAGES.unlockExplanation}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={mutation.isPending} data-autofocus>
            Unlock
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
