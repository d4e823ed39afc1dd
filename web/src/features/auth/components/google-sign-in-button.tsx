import { Button } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';

export interface GoogleSignInButtonProps {
  clientId: string;
  disabled?: boolean;
  onBusyChange(busy: boolean): void;
  onError(message: string): void;
}

/**
 * "Continue with Google", shown only when the server has GOOGLE_CLIENT_ID. The exchange of
 * Google's ID token with the server arrives with the Google sign-in issue; until then the
 * button says plainly that it is not enabled.
 */
export function GoogleSignInButton({ disabled, onError }: GoogleSignInButtonProps) {
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogle size={18} aria-hidden />}
      disabled={disabled}
      onClick={() => onError('Google sign-in is not enabled. Please contact support.')}
    >
      Continue with Google
    </Button>
  );
}
