import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#contract/auth';
import type { HrResponse, OwnResponse } from '#contract/questions';
import { writeSession } from '../../lib/session-storage';
import { stubFetch, type StubbedResponse } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import ResponsesPage from './responses-page';

vi.setConfig({ testTimeout: 30_000 });

function sessionUser(userType: SessionUser['user_type'], employeeId: number | null): SessionUser {
  return {
    id: 7,
    email: 'someone@example.com',
    firstname: 'Sam',
    lastname: 'Someone',
    first_name: 'Sam',
    last_name: 'Someone',
    user_type: userType,
    employee_id: employeeId,
  };
}

const PENDING: OwnResponse = {
  id: 11,
  question: 'What would help you most this term?',
  response: null,
  is_responded: false,
  responded_at: null,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
};
const ANSWERED: OwnResponse = {
  id: 10,
  question: 'How was your first month?',
  response: 'Busy but good',
  is_responded: true,
  responded_at: '2026-02-03T11:30:00.000Z',
  created_at: '2026-02-01T09:00:00.000Z',
  updated_at: '2026-02-03T11:30:00.000Z',
};
const HR_ANSWERED: HrResponse = {
  ...ANSWERED,
  employee_id: 3,
  user_name: 'Grace Hopper',
  user_email: 'grace@example.com',
};

const OWN_URL = 'GET /api/responses/all';
const hrUrl = (status: string, search = '') =>
  `GET /api/responses/admin/all?status=${status}&page=1&limit=20${search ? `&search=${search}` : ''}`;

function ownList(items: OwnResponse[]): StubbedResponse {
  return {
    body: {
      success: true,
      message: 'Your questions',
      data: { responses: items, pagination: { page: 1, limit: 1000, total: items.length } },
    },
  };
}
function hrList(items: HrResponse[]): StubbedResponse {
  return {
    body: {
      success: true,
      message: 'Responses',
      data: { responses: items, pagination: { page: 1, limit: 20, total: items.length } },
    },
  };
}

function renderAs(user: SessionUser, routes: Record<string, StubbedResponse>) {
  writeSession({ token: 'token', user });
  const calls = stubFetch(routes);
  renderWithProviders(<ResponsesPage />, { path: '/responses' });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('/responses for an employee', () => {
  it('shows their questions as cards with Pending and Responded badges and times', async () => {
    renderAs(sessionUser('employee', 3), { [OWN_URL]: ownList([PENDING, ANSWERED]) });
    const pending = await screen.findByRole('article', { name: PENDING.question });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(pending).toHaveTextContent(/Created: 3\/10\/2026/);
    expect(pending).toHaveTextContent(/Updated: 3\/10\/2026/);
    expect(within(pending).getByRole('textbox', { name: 'Your response' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Submit Response' })).toBeDisabled();

    const answered = screen.getByRole('article', { name: ANSWERED.question });
    expect(within(answered).getByText('Responded')).toBeInTheDocument();
    expect(answered).toHaveTextContent('Your Response:');
    expect(answered).toHaveTextContent('Busy but good');
    expect(answered).toHaveTextContent('Already responded');
    expect(within(answered).queryByRole('textbox')).toBeNull();
    // Their own name and email are not shown to them; no HR controls either.
    expect(screen.queryByText('grace@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask a question' })).toBeNull();
  });

  it('answers in place: Submitting..., then the answer, with the draft gone', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const answered: OwnResponse = {
      ...PENDING,
      response: 'More lab time',
      is_responded: true,
      responded_at: '2026-03-12T10:00:00.000Z',
      updated_at: '2026-03-12T10:00:00.000Z',
    };
    const routes: Record<string, StubbedResponse> = {
      [OWN_URL]: ownList([PENDING, ANSWERED]),
      'PUT /api/responses': {
        until: new Promise((resolve) => (release = resolve)),
        body: {
          success: true,
          message: 'Response submitted successfully',
          data: { response: answered },
        },
      },
    };
    const calls = renderAs(sessionUser('employee', 3), routes);
    const card = await screen.findByRole('article', { name: PENDING.question });
    const user = userEvent.setup();
    const box = within(card).getByRole('textbox', { name: 'Your response' });
    const submit = within(card).getByRole('button', { name: 'Submit Response' });
    await user.type(box, '   ');
    expect(submit).toBeDisabled();
    await user.type(box, '  More lab time  ');
    expect(submit).toBeEnabled();
    // The list reload after answering never arrives here: what shows is the in-place update.
    routes[OWN_URL] = { until: new Promise(() => undefined) };
    await user.click(submit);
    expect(await within(card).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();

    await waitFor(() => expect(card).toHaveTextContent('Your Response:'));
    expect(card).toHaveTextContent('More lab time');
    expect(card).toHaveTextContent('Already responded');
    expect(within(card).getByText('Responded')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: PENDING.id,
      response: 'More lab time',
    });
  });

  it('keeps the draft and says why when the answer is refused', async () => {
    renderAs(sessionUser('employee', 3), {
      [OWN_URL]: ownList([PENDING]),
      'PUT /api/responses': {
        status: 409,
        body: { success: false, message: 'This question has already been answered' },
      },
    });
    const card = await screen.findByRole('article', { name: PENDING.question });
    const user = userEvent.setup();
    await user.type(within(card).getByRole('textbox', { name: 'Your response' }), 'Mine');
    await user.click(within(card).getByRole('button', { name: 'Submit Response' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Error: This question has already been answered',
    );
    expect(within(card).getByRole('textbox', { name: 'Your response' })).toHaveValue('Mine');
  });

  it('says when there is nothing to answer', async () => {
    renderAs(sessionUser('employee', 3), { [OWN_URL]: ownList([]) });
    expect(
      await screen.findByText("You don't have any questions to respond to at the moment"),
    ).toBeInTheDocument();
  });

  it('shows "API Error: {message}" when the list cannot load', async () => {
    renderAs(sessionUser('employee', 3), {
      [OWN_URL]: { status: 500, body: { success: false, message: 'Internal server error' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('API Error: Internal server error');
  });
});

describe('/responses for HR', () => {
  it('shows answered questions with the respondent, and pending ones on request', async () => {
    const calls = renderAs(sessionUser('manager', null), {
      [hrUrl('answered')]: hrList([HR_ANSWERED]),
      [hrUrl('pending')]: hrList([
        { ...PENDING, employee_id: 4, user_name: 'Alan Turing', user_email: 'alan@example.com' },
      ]),
    });
    const card = await screen.findByRole('article', { name: ANSWERED.question });
    expect(card).toHaveTextContent('Grace Hopper');
    expect(card).toHaveTextContent('grace@example.com');
    expect(card).toHaveTextContent('Response:');
    expect(card).toHaveTextContent('Busy but good');
    expect(card).toHaveTextContent('Already responded');

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    const pending = await screen.findByRole('article', { name: PENDING.question });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(pending).toHaveTextContent('Alan Turing');
    expect(pending).toHaveTextContent('Waiting for a response.');
    expect(within(pending).queryByRole('textbox')).toBeNull();
    expect(calls.map((call) => call.path)).toContain(
      '/api/responses/admin/all?status=pending&page=1&limit=20',
    );
  });

  it('searches and pages on the server', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...HR_ANSWERED, id: 100 + i }));
    const calls = renderAs(sessionUser('admin', null), {
      [hrUrl('answered')]: {
        body: {
          success: true,
          message: 'Responses',
          data: { responses: many, pagination: { page: 1, limit: 20, total: 45 } },
        },
      },
      'GET /api/responses/admin/all?status=answered&page=2&limit=20': {
        body: {
          success: true,
          message: 'Responses',
          data: {
            responses: [{ ...HR_ANSWERED, id: 500, question: 'On page two' }],
            pagination: { page: 2, limit: 20, total: 45 },
          },
        },
      },
      [hrUrl('answered', 'grace')]: hrList([HR_ANSWERED]),
    });
    expect(await screen.findByText('Showing 1–20 of 45 questions')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'On page two' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'grace');
    expect(await screen.findByText('Showing 1–1 of 1 question')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(
      '/api/responses/admin/all?status=answered&page=1&limit=20&search=grace',
    );
  });

  it('says "No responses have been submitted yet" when nothing is answered', async () => {
    renderAs(sessionUser('admin', null), { [hrUrl('answered')]: hrList([]) });
    expect(await screen.findByText('No responses have been submitted yet')).toBeInTheDocument();
  });

  it('shows "API Error: {message}" when the list cannot load', async () => {
    renderAs(sessionUser('admin', null), {
      [hrUrl('answered')]: { status: 403, body: { success: false, message: 'Forbidden here' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('API Error: Forbidden here');
  });

  it('asks chosen employees a question, then shows the pending ones', async () => {
    const grace = {
      id: 3,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      position: 'Lecturer',
      department: 'CIT',
    };
    const calls = renderAs(sessionUser('manager', null), {
      [hrUrl('answered')]: hrList([]),
      [hrUrl('pending')]: hrList([]),
      'GET /api/employees?page=1&limit=20&sort=last_name&order=asc': {
        body: { success: true, message: 'Employees', data: { employees: [grace] } },
      },
      'GET /api/employees?page=1&limit=20&sort=last_name&order=asc&search=gra': {
        body: { success: true, message: 'Employees', data: { employees: [grace] } },
      },
      'POST /api/responses': {
        status: 201,
        body: {
          success: true,
          message: 'Question asked successfully',
          data: { question: 'How is the new lab?', asked: 1, employee_ids: [3] },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a question' });

    await user.click(within(dialog).getByRole('button', { name: 'Ask Question' }));
    expect(dialog).toHaveTextContent('Question is required');
    expect(dialog).toHaveTextContent('Choose at least one employee, or ask everyone');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Question' }),
      'How is the new lab?',
    );
    await user.type(within(dialog).getByRole('combobox', { name: 'Employees' }), 'gra');
    // Mantine's dropdown counts as hidden in jsdom (no layout), hence `hidden: true`.
    const listbox = await screen.findByRole(
      'listbox',
      { name: 'Employees', hidden: true },
      { timeout: 5000 },
    );
    await user.click(
      await within(listbox).findByRole('option', { name: /Grace Hopper/, hidden: true }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ask Question' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      question: 'How is the new lab?',
      employee_ids: [3],
    });
    expect(await screen.findByText('No questions are waiting for a response.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
  });

  it('asks everyone without choosing anybody', async () => {
    const calls = renderAs(sessionUser('admin', null), {
      [hrUrl('answered')]: hrList([]),
      [hrUrl('pending')]: hrList([]),
      'POST /api/responses': {
        status: 201,
        body: {
          success: true,
          message: 'Question asked successfully',
          data: { question: 'Anything to add?', asked: 40, employee_ids: [] },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a question' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Anything to add?');
    await user.click(within(dialog).getByRole('radio', { name: /Everyone/ }));
    expect(within(dialog).queryByRole('combobox', { name: 'Employees' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Ask Question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      question: 'Anything to add?',
      all: true,
    });
  });

  it('gives HR staff with a staff record their own questions under a second tab', async () => {
    renderAs(sessionUser('manager', 9), {
      [hrUrl('answered')]: hrList([HR_ANSWERED]),
      [OWN_URL]: ownList([PENDING]),
    });
    await screen.findByRole('article', { name: ANSWERED.question });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Your questions' }));
    const mine = await screen.findByRole('article', { name: PENDING.question });
    expect(within(mine).getByRole('textbox', { name: 'Your response' })).toBeInTheDocument();
  });
});
