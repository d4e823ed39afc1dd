import { MantineProvider } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import SignInPage from '../features/auth/sign-in-page';
import TemporaryPasswordPage from '../features/auth/temporary-password-page';
import { UserFormModal } from '../features/users/components/user-form-modal';
import { writeSession } from '../lib/session-storage';
import { stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { theme } from './theme';

vi.setConfig({ testTimeout: 30_000 });

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

/** Under the app's own theme, where the fields' defaults are set. */
function renderThemed(ui: ReactElement) {
  return renderWithProviders(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Every password field of `container` has a show button that Tab reaches. */
function expectReachableToggles(container: HTMLElement, fields: number) {
  const toggles = within(container).getAllByRole('button', { name: 'Show password' });
  expect(toggles).toHaveLength(fields);
  for (const toggle of toggles) {
    expect(toggle).toHaveAttribute('tabindex', '0');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  }
}

describe('show password buttons', () => {
  it('on the sign-in page: the next Tab stop after the password, pressed by keyboard', async () => {
    stubFetch({
      'GET /api/auth/config': {
        body: { success: true, message: '', data: { google_client_id: null } },
      },
    });
    renderThemed(<SignInPage />);
    const keyboard = userEvent.setup();
    const password = screen.getByLabelText(/^Password/);
    await keyboard.click(password);
    await keyboard.keyboard('secret-words');
    await keyboard.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await keyboard.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
    await keyboard.tab();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
  });

  it('on the temporary password page and in Change Password', async () => {
    writeSession({ token: 'tok', user: { ...USER, must_change_password: true } });
    const { unmount } = renderThemed(<TemporaryPasswordPage />);
    expectReachableToggles(await screen.findByRole('main'), 3);
    unmount();

    renderThemed(<ChangePasswordModal opened onClose={() => undefined} />);
    expectReachableToggles(await screen.findByRole('dialog', { name: 'Change Password' }), 3);
  });

  it('in the Add User and Edit User forms', async () => {
    const { unmount } = renderThemed(<UserFormModal opened onClose={() => undefined} />);
    expectReachableToggles(await screen.findByRole('dialog', { name: 'Add User' }), 1);
    unmount();

    // The staff picker's search stays unanswered: only the password field matters here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderThemed(
      <UserFormModal
        opened
        user={{
          ...USER,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
          employee_name: null,
          password_is_temporary: false,
          locked_until: null,
        }}
        onClose={() => undefined}
      />,
    );
    expectReachableToggles(await screen.findByRole('dialog', { name: 'Edit User' }), 1);
  });
});
