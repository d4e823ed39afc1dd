import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DiscardDraftModalProps {
  opened: boolean;
  /** Throw the saved draft away and leave. */
  onDiscard: () => void;
  /** Leave, keeping the saved draft for next time. */
  onKeep: () => void;
  /** Stay on the form. */
  onClose: () => void;
}

/**
 * What Cancel on /create asks when a draft is saved: a saved draft is work a person chose to
 * keep, so it is thrown away only when they say so.
 */
export function DiscardDraftModal({ opened, onDiscard, onKeep, onClose }: DiscardDraftModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Discard Saved Draft"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>You have a saved draft of this staff member. Discard it?</Text>
        <Text c="red" size="sm">
          This action cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            Keep Draft
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard Draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
