import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubbedResponse } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { GOOGLE_IDENTITY_SCRIPT, type GoogleIdConfiguration } from '../google-identity';
import SignInPage from '../sign-in-page';

const CLIENT_ID = 'spms-test.apps.googleusercontent.com';
const CONFIG_ON = {
  'GET /api/auth/config': {
    body: { success: true, message: '', data: { google_client_id: CLIENT_ID } },
  },
};
const USER = {
  id: 7,
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  user_type: 'manager',
  employee_id: null,
};

/**
 * A stand-in for Google Identity Services: `renderButton` draws a button that, when clicked,
 * hands the configured callback whatever credential the test chose, as Google's popup would.
 */
function installFakeGoogle(credential: string | null = 'google-id-token') {
  let configuration: GoogleIdConfiguration | undefined;
  const id = {
    initialize: vi.fn((config: GoogleIdConfiguration) => {
      configuration = config;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Google: Continue with Google';
      button.addEventListener('click', () =>
        configuration?.callback(credential === null ? {} : { credential }),
      );
      parent.appendChild(button);
    }),
  };
  window.google = { accounts: { id } };
  return id;
}

function renderSignIn(routes: Record<string, StubbedResponse>) {
  const calls = stubFetch({ ...CONFIG_ON, ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { path: '/signin' },
  );
  return calls;
}

const googleScripts = () =>
  document.head.querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);

async function clickGoogle() {
  await userEvent.setup().click(await screen.findByRole('button', { name: /^Google:/ }));
}

afterEach(() => {
  delete window.google;
  for (const script of googleScripts()) script.remove();
  vi.unstubAllGlobals();
});

describe('Continue with Google', () => {
  it("renders Google's button with the server's client id", async () => {
    const google = installFakeGoogle();
    renderSignIn({});
    await screen.findByRole('button', { name: /^Google:/ });
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: CLIENT_ID, ux_mode: 'popup', auto_select: false }),
    );
    expect(google.renderButton).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ text: 'continue_with', size: 'large' }),
    );
    // The placeholder gives way to Google's button.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull(),
    );
  });

  it('sends the ID token, stores the session and goes to the dashboard', async () => {
    installFakeGoogle('header.payload.signature');
    const calls = renderSignIn({
      'POST /api/auth/google-login': {
        body: { success: true, message: 'Login successful', data: { token: 'jwt-1', user: USER } },
      },
    });
    await clickGoogle();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'ada@example.com' });
    const sent = calls.filter((call) => call.path === '/api/auth/google-login');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/google-login',
        body: { id_token: 'header.payload.signature' },
      },
    ]);
  });

  it('disables the form and says so while the server checks the token', async () => {
    installFakeGoogle();
    let answer: (value?: unknown) => void = () => undefined;
    renderSignIn({
      'POST /api/auth/google-login': {
        until: new Promise((resolve) => (answer = resolve)),
        body: { success: true, message: 'Login successful', data: { token: 'jwt-2', user: USER } },
      },
    });
    await clickGoogle();
    expect(await screen.findByRole('status')).toHaveTextContent('Signing in with Google...');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it("shows the server's refusal, and keeps the person on the sign-in page", async () => {
    installFakeGoogle();
    renderSignIn({
      'POST /api/auth/google-login': {
        status: 401,
        body: {
          success: false,
          message: 'No account exists for this Google account. Ask your administrator.',
        },
      },
    });
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account exists for this Google account. Ask your administrator.',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('falls back to "Google sign-in failed. Please try again." without a server message', async () => {
    installFakeGoogle();
    renderSignIn({ 'POST /api/auth/google-login': { status: 500, body: {} } });
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in failed. Please try again.',
    );
  });

  it('says "Google sign-in failed" for a network failure or an empty answer from Google', async () => {
    installFakeGoogle();
    renderSignIn({ 'POST /api/auth/google-login': { networkError: true } });
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in failed. Please try again.',
    );
  });

  it('does not call the server when Google hands back no credential', async () => {
    installFakeGoogle(null);
    const calls = renderSignIn({});
    await clickGoogle();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in failed. Please try again.',
    );
    expect(calls.some((call) => call.path === '/api/auth/google-login')).toBe(false);
  });

  it("loads Google's script on demand and explains when it cannot load", async () => {
    renderSignIn({});
    const placeholder = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(placeholder).toBeDisabled();
    await waitFor(() => expect(googleScripts()).toHaveLength(1));
    fireEvent.error(googleScripts()[0]!);
    await waitFor(() => expect(placeholder).toBeEnabled());
    expect(googleScripts()).toHaveLength(0);

    await userEvent.setup().click(placeholder);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in failed. Please try again.',
    );
    // It tries again.
    await waitFor(() => expect(googleScripts()).toHaveLength(1));
  });

  it("never loads Google's script when Google sign-in is off", async () => {
    stubFetch({
      'GET /api/auth/config': {
        body: { success: true, message: '', data: { google_client_id: null } },
      },
    });
    renderWithProviders(<SignInPage />, { path: '/signin' });
    await screen.findByRole('button', { name: 'Sign In' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(googleScripts()).toHaveLength(0);
  });
});
