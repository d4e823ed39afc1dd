import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from './error-banner';
import { useIsPhone } from './use-is-phone';
import { useReturnFocus } from './use-return-focus';

export interface FormModalProps {
  opened: boolean;
  title: string;
  /** A save is under way: the modal stays open and its buttons wait. */
  busy: boolean;
  /** Why the last save failed, shown as "Error: {failure}" above the fields. */
  failure: string | null;
  submitLabel: string;
  /** Said on the submit button while busy, instead of a spinner ("Asking..."). */
  busyLabel?: string;
  onSubmit: () => unknown;
  onClose: () => void;
  size?: ModalProps['size'];
  centered?: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of every add and edit form: a modal (the whole screen on a phone) holding a form
 * that the browser does not validate (the form's own rules decide, with their exact messages),
 * the error banner, the fields, and Cancel and submit buttons. Focus moves to the field marked
 * `data-autofocus` on opening, stays inside while open, and returns where it was on closing
 * (even when the modal is unmounted or remounted on closing: useReturnFocus).
 */
export function FormModal({
  opened,
  title,
  busy,
  failure,
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
  size = 'lg',
  centered = true,
  children,
}: FormModalProps) {
  const phone = useIsPhone();
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={size}
      centered={centered}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
        noValidate
      >
        <Stack>
          <ErrorBanner message={failure} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {busyLabel ? (
              <Button type="submit" disabled={busy}>
                {busy ? busyLabel : submitLabel}
              </Button>
            ) : (
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
