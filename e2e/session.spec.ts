import { expect, it } from 'vitest';
import {
  appRoute,
  callApi,
  describeInBrowser,
  signInThroughForm,
  tokenFor,
} from './support/browser';

const run = Date.now().toString(36);

/**
 * Issue 56 point 11: a session the server ends (here, the password changed elsewhere) lands on
 * the sign-in page saying so; signing out does not; the landing page offers someone signed in
 * their dashboard.
 */
describeInBrowser('a session that ends', (session) => {
  it('says so on the sign-in page when revoked, not after signing out', async () => {
    const { server } = session();
    const adminToken = await tokenFor(server, server.admin.email, server.admin.password);
    const account = { email: `e2e.session.${run}@example.com`, password: 'session-password-1' };
    const created = await callApi(server, 'POST', '/api/users', {
      token: adminToken,
      body: { ...account, firstname: 'Sasha', lastname: 'Session', user_type: 'manager' },
    });
    expect(created.status).toBe(201);

    const page = await session().newPage();
    await signInThroughForm(page, server, account.email, account.password);

    // Signed in, the landing page offers the dashboard instead of signing in.
    await page.goto(appRoute(server, '/'));
    const toDashboard = page.getByRole('link', { name: 'Go to Dashboard' });
    await toDashboard.waitFor();
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
    await toDashboard.click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('heading', { level: 1, name: 'HR Dashboard' }).waitFor();

    // The password changes elsewhere: the page's token is revoked at once.
    const elsewhere = await tokenFor(server, account.email, account.password);
    const changed = await callApi(server, 'PUT', '/api/users/change-password', {
      token: elsewhere,
      body: { oldPassword: account.password, newPassword: 'session-password-2' },
    });
    expect(changed.status).toBe(200);

    // The next screen's calls answer 401: the sign-in page says why the person is there.
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Top 10' })
      .click();
    await page.waitForURL(/#\/signin$/);
    await page.getByText('Your session has ended. Please sign in again.').waitFor();

    // Signing in again and then out leaves a plain sign-in page.
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('session-password-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/#\/signin$/);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByText('Your session has ended. Please sign in again.').count()).toBe(0);
  });
});
