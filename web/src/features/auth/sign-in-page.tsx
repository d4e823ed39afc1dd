import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TEXT_LIMITS } from '#contract/text-limits';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { lengthHint } from '../../components/length-hint';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { sessionWasRevoked } from '../../lib/session-storage';
import { useAuthConfig } from './api/auth-config';
import { useSignIn } from './api/sign-in';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { validateSignIn, type SignInErrors } from './sign-in-validation';

/** Said on arriving here because the server stopped accepting the session (not on signing out). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** SPEC.md section 8: the server's message, or these fallbacks. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return error.message;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return 'Sign in failed. Please try again.';
}

export default function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<SignInErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);
  // Read once on arriving: the notice explains this visit, and goes with the first failure.
  const [sessionEnded] = useState(sessionWasRevoked);
  const signInCall = useSignIn();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const busy = signInCall.isPending || googleBusy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const errors = validateSignIn({ email, password });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const result = await signInCall.mutateAsync({ email: email.trim(), password });
      signIn(result.data);
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      setAlert(signInErrorMessage(error));
    }
  }

  return (
    <Center mih="100vh" p="md" component="main" pos="relative">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack>
          <Stack align="center" gap={4}>
            <ThemeIcon size={48} radius="md" aria-hidden>
              <IconChartBar size={28} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Sign in
            </Title>
            <Text c="dimmed" size="sm">
              Staff Performance Management
            </Text>
          </Stack>

          <div aria-live="polite">
            {alert ? (
              <Alert color="red" role="alert" title="Could not sign in">
                {alert}
              </Alert>
            ) : (
              sessionEnded && (
                <Alert color="blue" role="status">
                  {SESSION_ENDED_MESSAGE}
                </Alert>
              )
            )}
          </div>

          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                {...lengthHint(email, TEXT_LIMITS.email)}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldErrors.email}
                disabled={busy}
                required
                data-autofocus
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                {...lengthHint(password, TEXT_LIMITS.password)}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldErrors.password}
                disabled={busy}
                required
              />
              <Button type="submit" fullWidth disabled={busy}>
                {signInCall.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </Stack>
          </form>

          {config.data?.google_client_id && (
            <>
              <Divider label="Or continue with" labelPosition="center" />
              <GoogleSignInButton
                clientId={config.data.google_client_id}
                disabled={busy}
                onBusyChange={setGoogleBusy}
                onError={setAlert}
              />
            </>
          )}

          <Text size="sm" ta="center">
            <Anchor component={Link} to="/">
              Back to home
            </Anchor>
          </Text>
        </Stack>
      </Paper>
      {/* After the form in the page's order, so Tab reaches the email field first. */}
      <Box pos="absolute" top={12} right={12}>
        <ColorSchemeToggle />
      </Box>
    </Center>
  );
}
