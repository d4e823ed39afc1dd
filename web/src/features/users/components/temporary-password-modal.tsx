import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { OneTimeSecret } from '../../../components/one-time-secret';

export interface IssuedPassword {
  name: string;
  email: string;
  password: string;
}

/**
 * Shows a generated password once, with a copy button. The page forgets it when this closes;
 * the server never shows it again.
 */
export function TemporaryPasswordModal({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Temporary Password"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {issued && (
        <Stack>
          <Text size="sm">
            An account for {issued.name} ({issued.email}) is ready. Give them this password
            securely; they can change it after signing in.
          </Text>
          <OneTimeSecret
            title={`Temporary password for ${issued.email}`}
            secret={issued.password}
            note="This password is shown only once. Copy it now."
          />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
