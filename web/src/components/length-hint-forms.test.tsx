import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bonus } from '#contract/bonuses';
import type { PerformanceMetric } from '#contract/performance-metrics';
import { TEXT_LIMITS } from '#contract/text-limits';
import { ChangePasswordModal } from '../features/auth/components/change-password-modal';
import SignInPage from '../features/auth/sign-in-page';
import { EditBonusModal } from '../features/bonuses/components/edit-bonus-modal';
import { MetricTypeFormModal } from '../features/metric-setup/components/metric-type-form-modal';
import { EditMetricModal } from '../features/metrics/components/edit-metric-modal';
import { AnswerForm } from '../features/responses/components/answer-form';
import { AskQuestionModal } from '../features/responses/components/ask-question-modal';
import { StaffFormModal } from '../features/staff/components/staff-form-modal';
import CreateStaffPage from '../features/staff/create-staff-page';
import { UserFormModal } from '../features/users/components/user-form-modal';
import { writeSession } from '../lib/session-storage';
import { renderWithProviders } from '../test/render';

vi.setConfig({ testTimeout: 60_000 });

const STAMP = '2026-03-10T09:00:00.000Z';
const BONUS: Bonus = {
  id: 4,
  employee_id: 3,
  bonus_name: 'Teaching award',
  description: 'For the new lab course',
  created_at: STAMP,
  updated_at: STAMP,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
};
const METRIC: PerformanceMetric = {
  id: 9,
  user_id: 3,
  metric_type_id: 2,
  value: 80,
  comment: null,
  created_at: STAMP,
  updated_at: STAMP,
  metric_name: 'Attendance',
  metric_type_name: 'Attendance',
  measurement_unit: '%',
  unit: '%',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
};

afterEach(() => vi.unstubAllGlobals());

/** Pastes more than the field takes: it keeps its limit and says so under it. */
async function expectLimitShown(field: HTMLElement, max: number) {
  const user = userEvent.setup();
  await user.click(field);
  await user.paste('w'.repeat(max + 5));
  expect((field as HTMLInputElement).value).toHaveLength(max);
  const count = `${max.toLocaleString('en-US')}/${max.toLocaleString('en-US')} characters`;
  expect(field).toHaveAccessibleDescription(expect.stringContaining(`${count}: the limit`));
}

const FORMS: [string, () => ReactElement, [RegExp, number][]][] = [
  [
    'Ask Question',
    () => <AskQuestionModal opened onClose={() => undefined} />,
    [[/^Question/, TEXT_LIMITS.question.question]],
  ],
  [
    'an answer',
    () => <AnswerForm questionId={1} question="What would help?" />,
    [[/^Your response/, TEXT_LIMITS.question.response]],
  ],
  [
    'Add Metric Type',
    () => <MetricTypeFormModal opened onClose={() => undefined} />,
    [
      [/^Metric Name/, TEXT_LIMITS.metricType.metric_name],
      [/^Description/, TEXT_LIMITS.metricType.description],
      [/^Unit/, TEXT_LIMITS.metricType.measurement_unit],
    ],
  ],
  [
    'Edit Bonus',
    () => <EditBonusModal bonus={BONUS} onClose={() => undefined} />,
    [
      [/^Bonus Name/, TEXT_LIMITS.bonus.bonus_name],
      [/^Description/, TEXT_LIMITS.bonus.description],
    ],
  ],
  [
    'Edit Metric',
    () => <EditMetricModal metric={METRIC} metricType={undefined} onClose={() => undefined} />,
    [[/^Comment/, TEXT_LIMITS.metricValue.comment]],
  ],
  [
    'Add User',
    () => <UserFormModal opened onClose={() => undefined} />,
    [
      [/^First Name/, TEXT_LIMITS.user.firstname],
      [/^Last Name/, TEXT_LIMITS.user.lastname],
      [/^Email/, TEXT_LIMITS.email],
      [/^Password/, TEXT_LIMITS.password],
    ],
  ],
  [
    'sign-in',
    () => <SignInPage />,
    [
      [/^Email/, TEXT_LIMITS.email],
      [/^Password/, TEXT_LIMITS.password],
    ],
  ],
  [
    'Change Password',
    () => <ChangePasswordModal opened onClose={() => undefined} />,
    [
      [/^Current Password/, TEXT_LIMITS.password],
      [/^New Password/, TEXT_LIMITS.password],
    ],
  ],
  [
    'Add New Staff',
    () => <StaffFormModal opened onClose={() => undefined} />,
    [
      [/^First Name/, TEXT_LIMITS.staff.first_name],
      [/^Last Name/, TEXT_LIMITS.staff.last_name],
      [/^Email/, TEXT_LIMITS.email],
      [/^Phone/, TEXT_LIMITS.staff.phone],
      [/^Position/, TEXT_LIMITS.staff.position],
    ],
  ],
  [
    'Add New Staff Member (/create)',
    () => <CreateStaffPage />,
    [
      [/^First Name/, TEXT_LIMITS.staff.first_name],
      [/^Position/, TEXT_LIMITS.staff.position],
      [/^Employee ID/, TEXT_LIMITS.staff.employee_code],
      [/^Notes/, TEXT_LIMITS.staff.notes],
    ],
  ],
];

describe('forms show their length limits as people type', () => {
  it.each(FORMS)('%s', async (_name, form, fields) => {
    // What the forms load meanwhile (units, pickers, configuration) stays unanswered.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    writeSession({
      token: 'tok',
      user: {
        id: 1,
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Admin',
        first_name: 'Ada',
        last_name: 'Admin',
        user_type: 'admin',
        employee_id: null,
      },
    });
    renderWithProviders(form());
    const scope = screen.queryByRole('dialog') ?? document.body;
    for (const [label, max] of fields) {
      // The field itself, not a list it labels too (the unit's suggestions).
      const [field] = (await within(scope).findAllByLabelText(label)).filter((element) =>
        ['INPUT', 'TEXTAREA'].includes(element.tagName),
      );
      await expectLimitShown(field!, max);
    }
  });
});
