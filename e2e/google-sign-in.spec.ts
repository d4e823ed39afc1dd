import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startLocalGoogleIssuer,
  type LocalGoogleIssuer,
} from '../server/test/helpers/google-issuer';
import { appRoute, describeInBrowser } from './support/browser';
import { startServerProcess } from './support/server-process';

const GIS_URL = 'https://accounts.google.com/gsi/client';
const ADMIN = { email: 'google.admin@example.com', password: 'google-admin-password' };

/**
 * What the page gets instead of Google Identity Services: the same `google.accounts.id` calls
 * the app makes, and a button that hands the callback an ID token signed by the local issuer,
 * as Google's popup would. Served at Google's real script address, so the app's own loader and
 * the server's CSP are exercised exactly as in production; Google is never contacted.
 */
function fakeGoogleIdentityServices(credential: string): string {
  return `
    window.google = { accounts: { id: {
      initialize(config) { window.__gisConfig = config; },
      renderButton(parent, options) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Google test account';
        button.dataset.text = options.text;
        button.onclick = () => window.__gisConfig.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
        parent.appendChild(button);
      },
    } } };`;
}

/** Serves the fake at Google's address; answers how many times the page asked for it. */
async function routeGoogleScript(page: Page, credential: string) {
  const requests = { count: 0 };
  await page.route(GIS_URL, async (route) => {
    requests.count += 1;
    await route.fulfill({
      contentType: 'text/javascript',
      body: fakeGoogleIdentityServices(credential),
    });
  });
  return requests;
}

/** A second server, built like the shared one, with Google sign-in on and the local issuer. */
async function startGoogleServer(issuer: LocalGoogleIssuer) {
  const started = await startServerProcess({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_JWKS_URL: issuer.jwksUrl,
  });
  return {
    server: { origin: started.origin, appUrl: started.appUrl, admin: ADMIN },
    stop: () => started.stop(),
  };
}

describeInBrowser('Continue with Google', (session) => {
  let issuer: LocalGoogleIssuer;
  let google: Awaited<ReturnType<typeof startGoogleServer>>;

  beforeAll(async () => {
    issuer = await startLocalGoogleIssuer();
    google = await startGoogleServer(issuer);
  });
  afterAll(async () => {
    await google?.stop();
    await issuer?.close();
  });

  it('is absent, and Google is never loaded, when the server has no client id', async () => {
    const page = await session().newPage();
    const requests = await routeGoogleScript(page, 'unused');
    await page.goto(appRoute(session().server, '/signin'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByText('Or continue with').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(requests.count).toBe(0);
  });

  it('loads Google only on the sign-in page and signs the admin in with a verified token', async () => {
    const page = await session().newPage();
    const token = await issuer.idToken({ email: ADMIN.email, name: 'Google Admin' });
    const requests = await routeGoogleScript(page, token);

    await page.goto(google.server.appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(requests.count).toBe(0);
    expect(await page.locator(`script[src="${GIS_URL}"]`).count()).toBe(0);

    await page.goto(appRoute(google.server, '/signin'));
    await page.getByText('Or continue with').waitFor();
    const googleButton = page.getByRole('button', { name: 'Google test account' });
    await googleButton.waitFor();
    expect(requests.count).toBe(1);
    expect(await googleButton.getAttribute('data-text')).toBe('continue_with');

    await googleButton.click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    expect(await page.evaluate('localStorage.getItem("token")')).toBeTruthy();
    const user = JSON.parse(String(await page.evaluate('localStorage.getItem("user")')));
    expect(user).toMatchObject({ email: ADMIN.email, user_type: 'admin' });
  });

  it("shows the server's refusal for a Google account without an account here", async () => {
    const page = await session().newPage();
    await routeGoogleScript(page, await issuer.idToken({ email: 'stranger@example.com' }));
    await page.goto(appRoute(google.server, '/signin'));
    await page.getByRole('button', { name: 'Google test account' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('No account exists for this Google account. Ask your administrator.');
    expect(page.url()).toMatch(/#\/signin$/);
    expect(await page.evaluate('localStorage.getItem("token")')).toBeNull();
  });

  it('refuses a token signed by anyone but Google', async () => {
    const page = await session().newPage();
    const forged = await issuer.idToken({ email: ADMIN.email }, { foreignKey: true });
    await routeGoogleScript(page, forged);
    await page.goto(appRoute(google.server, '/signin'));
    await page.getByRole('button', { name: 'Google test account' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Your Google sign-in could not be verified. Please try again.');
    expect(await page.evaluate('localStorage.getItem("token")')).toBeNull();
  });
});
