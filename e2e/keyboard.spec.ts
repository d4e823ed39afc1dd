import { expect, it } from 'vitest';
import { appRoute, describeInBrowser } from './support/browser';
import { useDemoServer } from './support/demo-server';
import { describeFocus, isFocused, tabTo } from './support/keyboard';
import { settle } from './support/screens';

/**
 * Issue 8, the keyboard: signing in, the skip link, the sidebar, and modals opened and closed
 * without a mouse, with focus visible at every stop (tabTo checks each one) and given back to
 * what opened a modal.
 */
describeInBrowser('keyboard', (session) => {
  const demo = useDemoServer();

  it('signs in, skips to the content, follows the sidebar and opens and closes modals by keyboard alone', async () => {
    const { server, accounts } = demo();
    const page = await session().newPage();
    await page.goto(appRoute(server, '/signin'));
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(accounts.admin.email);
    await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(accounts.admin.password);
    // The show-password button is the next stop, with its focus ring, and shows what was typed.
    const show = page.getByRole('button', { name: 'Show password' });
    await tabTo(page, show, 1);
    await page.keyboard.press('Space');
    await expect.poll(() => show.getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/dashboard$/);
    await settle(page, { heading: 'HR Dashboard' });

    // The first stop on a signed-in screen skips the header and the sidebar.
    await page.reload();
    await settle(page, { heading: 'HR Dashboard' });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await tabTo(page, skip, 2);
    expect((await skip.boundingBox())!.width).toBeGreaterThan(50);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(page.url()).toMatch(/#\/dashboard$/);

    // Through the header into the sidebar, to Staff Management; focus then starts at the content.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const sidebar = page.getByRole('navigation', { name: 'Sections' });
    await tabTo(page, sidebar.getByRole('link', { name: 'Staff Management' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/staff$/);
    await settle(page, { heading: 'Staff Management' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // A modal opens on Enter with focus inside, keeps focus inside, and gives it back on Escape.
    const add = page.getByRole('button', { name: 'Add New Staff' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Staff' });
    await dialog.waitFor();
    await expect
      .poll(() => isFocused(dialog.getByRole('textbox', { name: 'First Name' })))
      .toBe(true);
    for (let presses = 0; presses < 25; presses++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, await describeFocus(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back a moment after the modal has gone.
    await expect.poll(() => isFocused(add)).toBe(true);

    // A row's actions are reachable and named after the row; Edit opens, Escape returns.
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await tabTo(page, edit, 60);
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
    await editDialog.waitFor();
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(edit)).toBe(true);
  });
});
