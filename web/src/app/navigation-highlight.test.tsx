import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSession } from '../lib/session-storage';
import { renderWithProviders } from '../test/render';
import { SidebarNav } from './layout/sidebar-nav';

function signInAs(user_type: 'admin' | 'manager') {
  writeSession({
    token: 'tok',
    user: {
      id: 1,
      email: 'm@example.com',
      firstname: 'M',
      lastname: 'N',
      first_name: 'M',
      last_name: 'N',
      user_type,
      employee_id: null,
    },
  });
}

afterEach(() => localStorage.clear());

describe('the sidebar on the full Add Staff form', () => {
  it('highlights Staff Management on /create, the screen being part of it', () => {
    signInAs('manager');
    renderWithProviders(<SidebarNav />, { path: '/create' });
    const staff = screen.getByRole('link', { name: 'Staff Management' });
    expect(staff).toHaveAttribute('aria-current', 'true');
    expect(staff).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('link', { name: 'Dashboard Hub' })).not.toHaveAttribute('aria-current');
  });

  it('marks /staff itself as the page', () => {
    signInAs('admin');
    renderWithProviders(<SidebarNav />, { path: '/staff' });
    expect(screen.getByRole('link', { name: 'Staff Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
