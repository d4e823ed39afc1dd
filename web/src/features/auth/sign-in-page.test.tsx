import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { clearSession, writeSession } from '../../lib/session-storage';
import SignInPage from './sign-in-page';

const CONFIG_OFF = {
  'GET /api/auth/config': {
    body: { success: true, message: '', data: { google_client_id: null } },
  },
};
const USER = {
  id: 1,
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'admin' as const,
  employee_id: null,
};

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('asks for the email and password before sending anything', async () => {
    const calls = stubFetch(CONFIG_OFF);
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fillAndSubmit('not-an-email', 'x');
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(0);
  });

  it('shows "Signing in..." and disables the form while busy, then stores the session', async () => {
    let answer: (value?: unknown) => void = () => undefined;
    stubFetch({
      ...CONFIG_OFF,
      'POST /api/auth/login': {
        until: new Promise((resolve) => (answer = resolve)),
        body: {
          success: true,
          message: 'Login successful',
          data: { token: 'token-1', user: USER },
        },
      },
    });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await fillAndSubmit('ada@example.com', 'secret-password');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    answer();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-1'));
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      email: 'ada@example.com',
      user_type: 'admin',
    });
  });

  it("shows the server's message when sign-in is refused", async () => {
    stubFetch({
      ...CONFIG_OFF,
      'POST /api/auth/login': {
        status: 401,
        body: { success: false, message: 'Invalid email or password' },
      },
    });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('falls back to "Sign in failed. Please try again." without a message', async () => {
    stubFetch({ ...CONFIG_OFF, 'POST /api/auth/login': { status: 500, body: {} } });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await fillAndSubmit('ada@example.com', 'pw');
    // The shared helper turns a message-less answer into "HTTP 500: ..."; the page shows it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /HTTP 500|Sign in failed\. Please try again\./,
    );
  });

  it('explains a network failure', async () => {
    stubFetch({ ...CONFIG_OFF, 'POST /api/auth/login': { networkError: true } });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await fillAndSubmit('ada@example.com', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('says the session ended when the server ended it, not after signing out', async () => {
    stubFetch(CONFIG_OFF);
    writeSession({ token: 'revoked', user: USER });
    clearSession('revoked');
    const { unmount } = renderWithProviders(<SignInPage />, { path: '/signin' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
    unmount();

    writeSession({ token: 'next', user: USER });
    clearSession();
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('puts a failed attempt in place of the session notice', async () => {
    stubFetch({
      ...CONFIG_OFF,
      'POST /api/auth/login': {
        status: 401,
        body: { success: false, message: 'Invalid email or password' },
      },
    });
    clearSession('revoked');
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await screen.findByText('Your session has ended. Please sign in again.');
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('shows "Continue with Google" only when Google sign-in is configured', async () => {
    stubFetch(CONFIG_OFF);
    const { unmount } = renderWithProviders(<SignInPage />, { path: '/signin' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    unmount();

    stubFetch({
      'GET /api/auth/config': {
        body: {
          success: true,
          message: '',
          data: { google_client_id: 'abc.apps.googleusercontent.com' },
        },
      },
    });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
  });
});
