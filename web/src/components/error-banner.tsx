import { Alert, Text } from '@mantine/core';

export interface ErrorBannerProps {
  /** What failed, shown as "Error: {message}" (SPEC.md section 8). */
  message: string | null | undefined;
  /** An extra line, e.g. the server's reason behind "Failed to load required data". */
  detail?: string | null;
  onClose?: () => void;
}

/** The "Error: {message}" banner every screen shows for a failed call. Renders nothing without a message. */
export function ErrorBanner({ message, detail, onClose }: ErrorBannerProps) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      role="alert"
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss error"
    >
      <Text size="sm">Error: {message}</Text>
      {detail && detail !== message && (
        <Text size="xs" c="dimmed" mt={4}>
          {detail}
        </Text>
      )}
    </Alert>
  );
}
