import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { DemoRole } from './demo-server';

/** Who sees a screen: nobody signed in, or one of the demo accounts. */
export type Viewer = 'visitor' | DemoRole;

export interface Screen {
  /** Names the screen in test output and screenshot files. */
  name: string;
  route: string;
  viewer: Viewer;
  /** The page's one level-1 heading. */
  heading: string;
  /** The browser tab's title. */
  title: string;
  /** The button that starts the screen's main task, if it has one (it must stay reachable). */
  primaryAction?: string;
}

/** Every screen of the product, each as the person who uses it. */
export const SCREENS: Screen[] = [
  {
    name: 'landing',
    route: '/',
    viewer: 'visitor',
    heading: "Transform Your Team's Performance Management",
    title: 'Staff Performance Management',
  },
  {
    name: 'sign-in',
    route: '/signin',
    viewer: 'visitor',
    heading: 'Sign in',
    title: 'Sign in · SPMS',
  },
  {
    name: 'privacy',
    route: '/privacy',
    viewer: 'visitor',
    heading: 'Privacy Policy',
    title: 'Privacy Policy · SPMS',
  },
  {
    name: 'terms',
    route: '/terms',
    viewer: 'visitor',
    heading: 'Terms of Service',
    title: 'Terms of Service · SPMS',
  },
  {
    name: 'dashboard',
    route: '/dashboard',
    viewer: 'admin',
    heading: 'HR Dashboard',
    title: 'Dashboard · SPMS',
  },
  {
    name: 'staff',
    route: '/staff',
    viewer: 'admin',
    heading: 'Staff Management',
    title: 'Staff Management · SPMS',
    primaryAction: 'Add New Staff',
  },
  {
    name: 'create',
    route: '/create',
    viewer: 'admin',
    heading: 'Add New Staff Member',
    title: 'Add New Staff Member · SPMS',
    primaryAction: 'Add Staff Member',
  },
  {
    name: 'users',
    route: '/users',
    viewer: 'admin',
    heading: 'User Management',
    title: 'User Management · SPMS',
    primaryAction: 'Add User',
  },
  {
    name: 'audit',
    route: '/audit',
    viewer: 'admin',
    heading: 'Audit Trails',
    title: 'Audit Trails · SPMS',
  },
  {
    name: 'metrics',
    route: '/metrics',
    viewer: 'manager',
    heading: 'Performance Metrics',
    title: 'Performance Metrics · SPMS',
    primaryAction: 'Add Metric',
  },
  {
    name: 'metric-setup',
    route: '/metric-setup',
    viewer: 'manager',
    heading: 'Metric Setup',
    title: 'Metric Setup · SPMS',
    primaryAction: 'Add Metric Type',
  },
  {
    name: 'bonuses',
    route: '/bonuses',
    viewer: 'manager',
    heading: 'Bonus Management',
    title: 'Bonus Management · SPMS',
    primaryAction: 'Add Bonus',
  },
  {
    name: 'responses',
    route: '/responses',
    viewer: 'manager',
    heading: 'Actions',
    title: 'Actions · SPMS',
    primaryAction: 'Ask a question',
  },
  {
    name: 'top10',
    route: '/top10',
    viewer: 'manager',
    heading: 'Top 10 Performers',
    title: 'Top 10 Performers · SPMS',
  },
  {
    name: 'average-scores',
    route: '/average-scores',
    viewer: 'manager',
    heading: 'Average Scores',
    title: 'Average Scores · SPMS',
  },
  {
    name: 'employee-dashboard',
    route: '/dashboard',
    viewer: 'employee',
    heading: 'My Dashboard',
    title: 'Dashboard · SPMS',
  },
  {
    name: 'my-metrics',
    route: '/my-metrics',
    viewer: 'employee',
    heading: 'Your Performance Metrics',
    title: 'Your Performance Metrics · SPMS',
  },
  {
    name: 'my-bonuses',
    route: '/my-bonuses',
    viewer: 'employee',
    heading: 'Your Bonuses',
    title: 'Your Bonuses · SPMS',
  },
  {
    name: 'employee-responses',
    route: '/responses',
    viewer: 'employee',
    heading: 'Actions',
    title: 'Actions · SPMS',
  },
];

/**
 * Waits until a screen has finished loading: its heading is there and nothing says it is still
 * loading (no "Loading ..." text or label, no busy region).
 */
export async function settle(page: Page, screen: Pick<Screen, 'heading'>): Promise<void> {
  await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
  const stillLoading = async () =>
    (await page.getByText(/^Loading .*\.\.\.$/).count()) +
    (await page.getByLabel(/^Loading/).count()) +
    (await page.locator('[aria-busy="true"]').count());
  await expect.poll(stillLoading, { timeout: 15_000 }).toBe(0);
}
