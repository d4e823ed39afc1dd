import { Alert, Code, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { authConfigQuery } from '../../auth/api/auth-config';

/**
 * PRODUCT.md section 1: Google sign-in is hidden while it is off, "with a note for the admin".
 * Shown to admins only, once the sign-in configuration says it is off; nothing while it loads
 * or if it cannot be read (a note that may be wrong is worse than none).
 */
export function GoogleSignInNote() {
  const { user } = useSession();
  const admin = user?.user_type === 'admin';
  const config = useQuery({ ...authConfigQuery, enabled: admin });
  if (!admin || !config.data || config.data.google_client_id) return null;
  return (
    <Alert
      // A standing note of the screen, not news: no alert role, read in the page's order.
      role="note"
      variant="light"
      color="gray"
      title="Google sign-in is off"
      icon={<IconBrandGoogle size={18} aria-hidden />}
    >
      <Text size="sm">
        People sign in with their email and password only: the sign-in page shows no “Continue with
        Google”. To turn it on, start the server with <Code>GOOGLE_CLIENT_ID</Code> set to your
        Google OAuth client ID (README, “Google sign-in”). Each person still needs an account here
        first.
      </Text>
    </Alert>
  );
}
