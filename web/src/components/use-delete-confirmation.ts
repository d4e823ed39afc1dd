import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';

/** The parts of a delete mutation (TanStack Query) a confirmation needs. */
export interface DeleteMutation {
  mutateAsync: (id: number) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The state of a "delete this?" confirmation (SPEC.md section 4): which record is asked about,
 * the delete itself, a toast when it is done, and the server's refusal kept in the open modal.
 * Spread `modalProps` onto ConfirmDeleteModal.
 */
export function useDeleteConfirmation<Item extends { id: number }>(
  mutation: DeleteMutation,
  deletedMessage: (item: Item) => string,
) {
  const [target, setTarget] = useState<Item | null>(null);

  async function confirm() {
    if (!target) return;
    try {
      await mutation.mutateAsync(target.id);
      notifications.show({ color: 'green', message: deletedMessage(target) });
      setTarget(null);
    } catch {
      // The modal shows the error and stays open.
    }
  }

  return {
    /** The record the person is asked about, or null when the modal is closed. */
    target,
    /** Opens the confirmation for a record, without a previous refusal. */
    ask(item: Item) {
      mutation.reset();
      setTarget(item);
    },
    modalProps: {
      opened: target !== null,
      busy: mutation.isPending,
      error: mutation.isError ? errorMessage(mutation.error) : null,
      onConfirm: () => void confirm(),
      onClose: () => setTarget(null),
    },
  };
}
