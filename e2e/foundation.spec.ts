import { expect, it } from 'vitest';
import { appRoute, describeInBrowser, signInThroughForm } from './support/browser';

describeInBrowser('the product runs and signs people in', (session) => {
  it('redirects / to the app under /spms/ and shows the landing page', async () => {
    const { server } = session();
    const page = await session().newPage();
    await page.goto(server.origin + '/');
    expect(new URL(page.url()).pathname).toBe('/spms/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Transform Your Team's Performance Management");
  });

  it('serves hashed assets compressed and cached for a year, and the page itself revalidated', async () => {
    const { server } = session();
    const html = await fetch(server.appUrl);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.appUrl}${script}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("runs the page's two inline scripts, allowed by their hashes, and blocks nothing", async () => {
    const { server } = session();
    const csp = (await fetch(server.appUrl)).headers.get('content-security-policy') ?? '';
    expect(csp.match(/'sha256-[\w+/=]+'/g)).toHaveLength(2);
    const page = await session().newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto(server.appUrl);
    await expect
      .poll(() => page.locator('html').getAttribute('data-mantine-color-scheme'))
      .toBe('light');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(refused).toEqual([]);
  });

  it('works on a phone: the header menu opens the sidebar as an overlay that closes on navigation', async () => {
    const { server } = session();
    const page = await session().newPage({ viewport: { width: 390, height: 844 } });
    await signInThroughForm(page, server, server.admin.email, server.admin.password);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    // Closed, the sidebar sits off screen to the left.
    const onScreen = async () => {
      const box = await sidebar.boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await expect.poll(onScreen).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(onScreen).toBe(true);
    await sidebar.getByRole('link', { name: 'Top 10' }).click();
    await page.waitForURL(/#\/top10$/);
    await expect.poll(onScreen).toBe(false);
  });

  it('sends a signed-out visitor of a protected route to sign in', async () => {
    const { server } = session();
    const page = await session().newPage();
    await page.goto(appRoute(server, '/dashboard'));
    await page.waitForURL(/#\/signin$/);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // Google sign-in is not configured on this server, so its button is absent.
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
  });

  it('shows the server message for a wrong password', async () => {
    const { server } = session();
    const page = await session().newPage();
    await page.goto(appRoute(server, '/signin'));
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Invalid email or password');
  });

  it('lets the admin sign in, see the admin sidebar, change the password and sign out', async () => {
    const { server } = session();
    const page = await session().newPage();
    await signInThroughForm(page, server, server.admin.email, server.admin.password);

    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of [
      'Dashboard Hub',
      'Staff Management',
      'Actions',
      'Performance Metrics',
      'Bonuses',
      'Top 10',
      'Average Scores',
      'User Management',
    ]) {
      expect(await nav.getByRole('link', { name: label }).count(), label).toBe(1);
    }

    const changePassword = async (current: string, next: string) => {
      await page.getByRole('button', { name: 'Change Password' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.getByRole('textbox', { name: 'Current Password' }).fill(current);
      await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(next);
      await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill(next);
      await dialog.getByRole('button', { name: 'Change Password' }).click();
      await expect
        .poll(() => dialog.getByRole('status').textContent())
        .toBe('Password changed successfully!');
      // The modal closes by itself after two seconds.
      await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    };

    // A mismatch is caught before anything is sent.
    await page.getByRole('button', { name: 'Change Password' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByRole('textbox', { name: 'Current Password' }).fill(server.admin.password);
    await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill('one-password');
    await dialog.getByRole('textbox', { name: 'Confirm New Password' }).fill('another-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('New passwords do not match');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await changePassword(server.admin.password, 'temporary-new-password');
    // The session continues with the fresh token after the change.
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(page.url()).toMatch(/#\/dashboard$/);
    await changePassword('temporary-new-password', server.admin.password);

    await page.getByRole('button', { name: /Account menu for/ }).click();
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain(server.admin.email);
    expect(await menu.textContent()).toContain('admin');
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/#\/signin$/);
    expect(await page.evaluate('localStorage.getItem("token")')).toBeNull();
  });
});
