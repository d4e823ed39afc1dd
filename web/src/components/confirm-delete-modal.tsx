import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorBanner } from './error-banner';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  /** The modal's title, e.g. "Delete Staff Member". */
  title: string;
  /** Who or what is deleted, as people know it. */
  name: string;
  busy?: boolean;
  error?: string | null;
  /** Shown under the warning, e.g. what goes with the record. */
  details?: React.ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** SPEC.md's delete confirmation: "Are you sure you want to delete {name}?" and its warning. */
export function ConfirmDeleteModal({
  opened,
  title,
  name,
  busy = false,
  error,
  details,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <ErrorBanner message={error} />
        <Text>Are you sure you want to delete {name}?</Text>
        <Text c="red" size="sm">
          This action cannot be undone.
        </Text>
        {details}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
