import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserType } from '#contract/roles';
import ResponsesPage from '../../features/responses/responses-page';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { SidebarNav } from './sidebar-nav';

vi.setConfig({ testTimeout: 30_000 });

const COUNT_URL = 'GET /api/responses/all?status=pending&limit=1';
const pendingTotal = (total: number): StubbedResponse => ({
  body: {
    success: true,
    message: 'Your questions',
    data: { responses: [], pagination: { page: 1, limit: 1, total } },
  },
});

function signInAs(user_type: UserType) {
  writeSession({
    token: 'tok',
    user: {
      id: 1,
      email: 'e@example.com',
      firstname: 'E',
      lastname: 'F',
      first_name: 'E',
      last_name: 'F',
      user_type,
      employee_id: user_type === 'employee' ? 3 : null,
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the pending questions beside Actions', () => {
  it('tells an employee how many questions wait, in the link name and a badge', async () => {
    const calls = stubFetch({ [COUNT_URL]: pendingTotal(2) });
    signInAs('employee');
    renderWithProviders(<SidebarNav />, { path: '/dashboard' });
    const actions = await screen.findByRole('link', { name: 'Actions, 2 pending' });
    expect(actions).toHaveAttribute('href', '/responses');
    // The badge is what the eye reads; the link's name says it in words.
    expect(within(actions).getByText('2').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/responses/all?status=pending&limit=1']);
  });

  it('shows no count when nothing waits', async () => {
    const calls = stubFetch({ [COUNT_URL]: pendingTotal(0) });
    signInAs('employee');
    renderWithProviders(<SidebarNav />, { path: '/dashboard' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Actions' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /pending/ })).toBeNull();
  });

  it('asks nothing for HR, who answer no questions', async () => {
    const calls = stubFetch({});
    signInAs('manager');
    renderWithProviders(<SidebarNav />, { path: '/dashboard' });
    expect(screen.getByRole('link', { name: 'Actions' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(0);
  });

  it('counts one fewer once a question is answered', async () => {
    const question = {
      id: 11,
      question: 'What would help you most this term?',
      response: null,
      is_responded: false,
      responded_at: null,
      created_at: '2026-03-10T09:00:00.000Z',
      updated_at: '2026-03-10T09:00:00.000Z',
    };
    const answered = { ...question, response: 'More lab time', is_responded: true };
    const routes: Record<string, StubbedResponse> = {
      [COUNT_URL]: pendingTotal(1),
      'GET /api/responses/all': {
        body: {
          success: true,
          message: 'Your questions',
          data: { responses: [question], pagination: { page: 1, limit: 1000, total: 1 } },
        },
      },
      'PUT /api/responses': {
        body: {
          success: true,
          message: 'Response submitted successfully',
          data: { response: answered },
        },
      },
    };
    stubFetch(routes);
    signInAs('employee');
    renderWithProviders(
      <>
        <SidebarNav />
        <ResponsesPage />
      </>,
      { path: '/responses' },
    );
    await screen.findByRole('link', { name: 'Actions, 1 pending' });
    const card = await screen.findByRole('article', { name: question.question });
    const user = userEvent.setup();
    await user.type(within(card).getByRole('textbox', { name: 'Your response' }), 'More lab time');
    routes[COUNT_URL] = pendingTotal(0);
    await user.click(within(card).getByRole('button', { name: 'Submit Response' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Actions' })).toBeVisible());
    expect(screen.queryByRole('link', { name: /pending/ })).toBeNull();
  });
});
