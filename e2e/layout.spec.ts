import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { appRoute, describeInBrowser, type NewPageOptions } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { settle } from './support/screens';
import { viewerPages } from './support/viewer-pages';

const DESKTOP: NewPageOptions = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' };
const PHONE_SIZE = { width: 390, height: 844 };
const PHONE: NewPageOptions = {
  viewport: PHONE_SIZE,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
};

/** Every list screen with a table, as HR uses it, and its table's name. */
const TABLE_SCREENS = [
  { route: '/staff', heading: 'Staff Management', table: 'Staff' },
  { route: '/metrics', heading: 'Performance Metrics', table: 'Performance metrics' },
  { route: '/bonuses', heading: 'Bonus Management', table: 'Bonuses' },
  { route: '/metric-setup', heading: 'Metric Setup', table: 'Metric types' },
  { route: '/average-scores', heading: 'Average Scores', table: 'Average scores' },
  { route: '/users', heading: 'User Management', table: 'Users' },
  { route: '/audit', heading: 'Audit Trails', table: 'Audit trails' },
];

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the page`);
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The cells whose text takes more than one line, as "text: lines": the distinct tops of the
 * boxes of each cell's text nodes (each line of text is a box of its own).
 */
function wrappedCells(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements
      .map((cell) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 0) tops.add(Math.round(rect.top));
          }
        }
        return { text: cell.textContent ?? '', lines: tops.size };
      })
      .filter((cell) => cell.lines > 1)
      .map((cell) => `${cell.text}: ${cell.lines} lines`),
  );
}

/** Issue 56 point 12: tables and toasts that leave room; point 13: lists kept in the address. */
describeInBrowser('layout: tables, toasts and lists in the address', (session) => {
  const demo = useDemoServer();
  const pageFor = viewerPages(session, demo);

  async function open(page: Page, route: string, heading: string) {
    await page.goto(appRoute(demo().server, route));
    await settle(page, { heading });
  }

  it('fits the staff table at 1366 px: emails, phone numbers and headings on one line', async () => {
    const page = await pageFor('admin', 'desktop', DESKTOP);
    await open(page, '/staff', 'Staff Management');
    const table = page.getByRole('table', { name: 'Staff' });
    await table.getByRole('row').nth(25).waitFor();
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`);
    // Emails are the fourth column, phone numbers the fifth.
    expect(await column(4).count()).toBe(25);
    expect(await wrappedCells(column(4)), 'emails').toEqual([]);
    expect(await wrappedCells(column(5)), 'phone numbers').toEqual([]);
    expect(await wrappedCells(table.locator('thead th')), 'headings').toEqual([]);
    // Each address is whole, not cut short, at this width.
    const cut = await column(4).evaluateAll((cells) =>
      cells
        .map((cell) => cell.querySelector('span') as HTMLElement)
        .filter((span) => span.scrollWidth > span.clientWidth + 1)
        .map((span) => span.textContent),
    );
    expect(cut, 'emails cut short').toEqual([]);
    // The whole table fits its box: the actions are in sight without scrolling sideways.
    const scroller = page.getByRole('group', { name: 'Staff' });
    expect(
      await scroller.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);
    const actions = await boxOf(table.getByRole('button', { name: /^Edit / }).first());
    expect(actions.x + actions.width).toBeLessThanOrEqual(1366);
  });

  it('shows each table as cards on a phone, the first row’s actions on screen', async () => {
    const page = await pageFor('admin', 'phone', PHONE);
    for (const screen of TABLE_SCREENS) {
      await open(page, screen.route, screen.heading);
      const table = page.getByRole('table', { name: screen.table });
      const firstRow = table.locator('tbody tr').first();
      await firstRow.waitFor();
      // The page scrolls down to the row, never sideways.
      await firstRow.scrollIntoViewIfNeeded();
      const row = await boxOf(firstRow);
      expect(row.x, screen.route).toBeGreaterThanOrEqual(0);
      expect(row.x + row.width, screen.route).toBeLessThanOrEqual(PHONE_SIZE.width);
      // Each value says what it is, as a column heading would.
      const labels = await firstRow
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
      expect(
        labels.slice(1).every((label) => label.startsWith('"')),
        screen.route,
      ).toBe(true);

      const actions = firstRow.getByRole('button', { name: /^(Edit|View|Delete) / });
      if ((await actions.count()) === 0) continue;
      await actions.first().scrollIntoViewIfNeeded();
      for (const action of await actions.all()) {
        const box = await boxOf(action);
        expect(
          box.x,
          `${screen.route}: ${await action.getAttribute('aria-label')}`,
        ).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, screen.route).toBeLessThanOrEqual(PHONE_SIZE.width);
        expect(box.y, screen.route).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, screen.route).toBeLessThanOrEqual(PHONE_SIZE.height);
      }
    }
    // The cards are still a table for assistive technology, with no serious axe findings.
    await open(page, '/staff', 'Staff Management');
    await page.getByRole('table', { name: 'Staff' }).getByRole('row').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [size, options] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`places the employee's toasts where they hide nothing (${size})`, async () => {
      const page = await pageFor('employee', size, options);
      await open(page, '/dashboard', 'My Dashboard');
      const toasts = page.getByRole('status', { name: 'Notifications' });
      const bonusToast = toasts.getByRole('group', { name: 'You have bonuses!' });
      await bonusToast.waitFor();
      const covered = [
        page.getByRole('group', { name: 'Total Bonuses' }),
        page.getByRole('group', { name: 'Performance Metrics' }),
        page.getByRole('region', { name: 'Semester Performance' }),
        page.getByRole('heading', { level: 1, name: 'My Dashboard' }),
      ];
      for (const toast of await toasts.getByRole('group').all()) {
        const box = await boxOf(toast);
        for (const content of covered) {
          expect(overlaps(box, await boxOf(content)), content.toString()).toBe(false);
        }
      }
      // Still so once scrolled: the toasts are part of the page, not over it.
      await page.evaluate(() => window.scrollBy(0, 400));
      const toastBox = await boxOf(bonusToast);
      const semester = await boxOf(page.getByRole('region', { name: 'Semester Performance' }));
      expect(overlaps(toastBox, semester)).toBe(false);
    });
  }

  it('keeps the staff search and page through a reload and goes back a step', async () => {
    const page = await session().newPage(DESKTOP);
    const { email, password } = demo().accounts.admin;
    await page.goto(appRoute(demo().server, '/signin'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/#\/dashboard$/);
    await open(page, '/staff', 'Staff Management');

    const search = page.getByRole('textbox', { name: 'Search staff' });
    const rows = page.getByRole('table', { name: 'Staff' }).locator('tbody tr');
    // Every demo address is at example.com: a search with more than one page.
    await search.fill('example');
    await page.waitForURL(/#\/staff\?search=example$/);
    await page.getByText(/^Showing 1–25 of \d+ employees$/).waitFor();
    const firstPage = await rows.first().textContent();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/#\/staff\?search=example&page=2$/);
    await expect.poll(() => rows.first().textContent()).not.toBe(firstPage);
    const secondPage = await rows.first().textContent();

    await page.reload();
    await settle(page, { heading: 'Staff Management' });
    expect(await search.inputValue()).toBe('example');
    await page.getByText(/^Showing 26–50 of \d+ employees$/).waitFor();
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('data-active')).toBe(
      'true',
    );
    await expect.poll(() => rows.first().textContent()).toBe(secondPage);

    // Back: the first page of the same search (typing replaced its entry, the page added one).
    await page.goBack();
    await page.waitForURL(/#\/staff\?search=example$/);
    await page.getByText(/^Showing 1–25 of \d+ employees$/).waitFor();
    await expect.poll(() => rows.first().textContent()).toBe(firstPage);
    expect(await search.inputValue()).toBe('example');
    // And before it, the dashboard: the search replaced the bare /staff entry as it was typed.
    await page.goBack();
    await page.waitForURL(/#\/dashboard$/);
  });
});
