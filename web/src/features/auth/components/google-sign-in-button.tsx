import { Button, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { useGoogleSignIn } from '../api/google-sign-in';
import { loadGoogleIdentity, type CredentialResponse } from '../google-identity';
import { GoogleSignInFailure, googleSignInErrorMessage } from '../google-sign-in-errors';

export interface GoogleSignInButtonProps {
  clientId: string;
  disabled?: boolean;
  onBusyChange(busy: boolean): void;
  /** Shows a message in the page's alert area; null clears it. */
  onError(message: string | null): void;
}

/** Google's button is 200 to 400 pixels wide; fill the card up to that. */
const buttonWidth = (parent: HTMLElement) =>
  Math.round(Math.min(400, Math.max(200, parent.clientWidth || 320)));

/**
 * "Continue with Google" (SPEC.md section 2). Google's own button, rendered by Google Identity
 * Services into this slot, works whether or not the person is already signed in to Google and
 * opens Google's window from their click. Its callback hands over an ID token, which the server
 * verifies before answering a session exactly like password sign-in. Until the script is there
 * (or if it cannot load) a plain button holds the place; clicking it after a failed load explains
 * and tries again.
 */
export function GoogleSignInButton({
  clientId,
  disabled,
  onBusyChange,
  onError,
}: GoogleSignInButtonProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const exchange = useGoogleSignIn();
  const { signIn } = useSession();
  const navigate = useNavigate();

  const handleCredential = useEffectEvent(async (response: CredentialResponse) => {
    if (!response.credential) {
      onError(googleSignInErrorMessage(new GoogleSignInFailure('failed', 'no credential')));
      return;
    }
    onError(null);
    onBusyChange(true);
    try {
      const result = await exchange.mutateAsync({ id_token: response.credential });
      signIn(result.data);
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      onError(googleSignInErrorMessage(error));
    } finally {
      onBusyChange(false);
    }
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        const parent = slot.current;
        if (!active || !parent) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => void handleCredential(response),
          ux_mode: 'popup',
          auto_select: false,
          context: 'signin',
          itp_support: true,
        });
        parent.replaceChildren();
        google.renderButton(parent, {
          type: 'standard',
          theme: colorScheme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'left',
          width: buttonWidth(parent),
          locale: 'en',
        });
        setStatus('ready');
      })
      .catch(() => {
        if (active) setStatus('failed');
      });
    return () => {
      active = false;
    };
  }, [clientId, colorScheme, attempt]);

  function retry() {
    onError(googleSignInErrorMessage(new GoogleSignInFailure('failed', 'script not loaded')));
    setStatus('loading');
    setAttempt((n) => n + 1);
  }

  const locked = Boolean(disabled) || exchange.isPending;
  return (
    <Stack gap="xs" inert={locked} style={locked ? { opacity: 0.6 } : undefined}>
      <div ref={slot} style={{ display: 'flex', justifyContent: 'center' }} />
      {status !== 'ready' && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          loading={status === 'loading'}
          disabled={disabled}
          onClick={retry}
        >
          Continue with Google
        </Button>
      )}
      {exchange.isPending && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          Signing in with Google...
        </Text>
      )}
    </Stack>
  );
}
