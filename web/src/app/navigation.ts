import {
  IconAward,
  IconChartBar,
  IconClipboardList,
  IconHistory,
  IconLayoutDashboard,
  IconMessageQuestion,
  IconPercentage,
  IconSettings,
  IconTrophy,
  IconUsers,
  IconUserShield,
  type Icon,
} from '@tabler/icons-react';
import type { UserType } from '#contract/roles';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  roles: readonly UserType[];
  /** Employees see their own view-only page instead (SPEC.md section 6). */
  employeeTo?: string;
  /** Other screens that are part of this section, highlighted with it (/create of /staff). */
  includes?: readonly string[];
  /** A count shown beside the label: an employee's questions waiting for their answer. */
  count?: 'pending-questions';
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

const EVERYONE: readonly UserType[] = ['admin', 'manager', 'employee'];
const HR: readonly UserType[] = ['admin', 'manager'];
const ADMIN: readonly UserType[] = ['admin'];

/** The sidebar of SPEC.md sections 2 and 6, plus Metric Setup and Audit Trails for who may use them. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Dashboard',
    items: [
      { label: 'Dashboard Hub', to: '/dashboard', icon: IconLayoutDashboard, roles: EVERYONE },
    ],
  },
  {
    label: 'Management',
    items: [
      {
        label: 'Staff Management',
        to: '/staff',
        icon: IconUsers,
        roles: HR,
        includes: ['/create'],
      },
      {
        label: 'Actions',
        to: '/responses',
        icon: IconMessageQuestion,
        roles: EVERYONE,
        count: 'pending-questions',
      },
    ],
  },
  {
    label: 'Performance',
    items: [
      {
        label: 'Performance Metrics',
        to: '/metrics',
        employeeTo: '/my-metrics',
        icon: IconChartBar,
        roles: EVERYONE,
      },
      { label: 'Metric Setup', to: '/metric-setup', icon: IconClipboardList, roles: HR },
      {
        label: 'Bonuses',
        to: '/bonuses',
        employeeTo: '/my-bonuses',
        icon: IconAward,
        roles: EVERYONE,
      },
      { label: 'Top 10', to: '/top10', icon: IconTrophy, roles: EVERYONE },
      { label: 'Average Scores', to: '/average-scores', icon: IconPercentage, roles: HR },
    ],
  },
  {
    label: 'System',
    items: [
      { label: 'User Management', to: '/users', icon: IconUserShield, roles: ADMIN },
      { label: 'Audit Trails', to: '/audit', icon: IconHistory, roles: ADMIN },
    ],
  },
];

export const SETTINGS_ICON = IconSettings;

/**
 * Whether `pathname` is the item's screen ('page'), one of the screens of its section ('true':
 * highlighted too, as aria-current says of an item of a set), or neither.
 */
export function currentness(item: NavItem, pathname: string): 'page' | 'true' | undefined {
  if (pathname === item.to) return 'page';
  return item.includes?.includes(pathname) ? 'true' : undefined;
}

/** The groups and items one role sees, with employee links already resolved. */
export function navigationFor(userType: UserType): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    label: group.label,
    items: group.items
      .filter((item) => item.roles.includes(userType))
      .map((item) => ({
        ...item,
        to: userType === 'employee' && item.employeeTo ? item.employeeTo : item.to,
      })),
  })).filter((group) => group.items.length > 0);
}
