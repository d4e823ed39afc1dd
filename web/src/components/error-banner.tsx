import { Alert, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';

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

/** SPEC.md section 8: what a screen says when its first load fails. */
export const LOAD_FAILED = 'Failed to load required data';

export interface LoadErrorBannerProps {
  /** The failed query's error; nothing is shown without one. */
  error: unknown;
  /** Nothing was ever loaded: say "Failed to load required data", with the reason beneath. */
  firstLoad: boolean;
}

/** A list that failed to load: SPEC.md's first-load text, or "Error: {message}" on a reload. */
export function LoadErrorBanner({ error, firstLoad }: LoadErrorBannerProps) {
  if (!error) return null;
  return (
    <ErrorBanner
      message={firstLoad ? LOAD_FAILED : errorMessage(error)}
      detail={firstLoad ? errorMessage(error) : null}
    />
  );
}
