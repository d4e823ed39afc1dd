import { describe, expect, it } from 'vitest';
import { currentness, navigationFor } from './navigation';

const labels = (role: Parameters<typeof navigationFor>[0]) =>
  navigationFor(role).map((group) => [
    group.label,
    group.items.map((item) => `${item.label} ${item.to}`),
  ]);

describe('sidebar navigation per role (SPEC.md section 6)', () => {
  it('shows an admin every group including System', () => {
    expect(labels('admin')).toEqual([
      ['Dashboard', ['Dashboard Hub /dashboard']],
      ['Management', ['Staff Management /staff', 'Actions /responses']],
      [
        'Performance',
        [
          'Performance Metrics /metrics',
          'Metric Setup /metric-setup',
          'Bonuses /bonuses',
          'Top 10 /top10',
          'Average Scores /average-scores',
        ],
      ],
      ['System', ['User Management /users', 'Audit Trails /audit']],
    ]);
  });

  it('shows a manager everything except System', () => {
    expect(navigationFor('manager').map((g) => g.label)).toEqual([
      'Dashboard',
      'Management',
      'Performance',
    ]);
  });

  it('shows an employee their own pages, without Staff Management or Average Scores', () => {
    expect(labels('employee')).toEqual([
      ['Dashboard', ['Dashboard Hub /dashboard']],
      ['Management', ['Actions /responses']],
      ['Performance', ['Performance Metrics /my-metrics', 'Bonuses /my-bonuses', 'Top 10 /top10']],
    ]);
  });

  it('highlights Staff Management on /create, the full Add Staff form, as part of it', () => {
    const staff = navigationFor('admin')
      .flatMap((group) => group.items)
      .find((item) => item.label === 'Staff Management')!;
    expect(currentness(staff, '/staff')).toBe('page');
    expect(currentness(staff, '/create')).toBe('true');
    expect(currentness(staff, '/metrics')).toBeUndefined();
  });
});
