import { afterAll, beforeAll, describe, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { E2eServer } from '../global-setup';
import type { CreateEmployeeInput, Employee } from '#contract/employees';

/** Flags this machine needs (ENGINEERING.md): no sandbox as root, no network chatter. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** The system's colour scheme the page sees (prefers-color-scheme); light by default. */
  colorScheme?: 'light' | 'dark';
  /** The system asks for less motion (Mantine then skips its transitions). */
  reducedMotion?: 'reduce' | 'no-preference';
  /** A phone: the meta viewport is honoured and touch events are on. */
  isMobile?: boolean;
  hasTouch?: boolean;
}

export interface BrowserSession {
  server: E2eServer;
  browser: Browser;
  /** A fresh context (own local storage) and page; closed after the suite. */
  newPage(options?: NewPageOptions): Promise<Page>;
}

/**
 * A suite that drives the real app in Chromium. Skipped, with the reason already printed by the
 * global setup, when Chromium is missing outside CI.
 */
export function describeInBrowser(title: string, suite: (session: () => BrowserSession) => void) {
  const chromiumPath = inject('chromiumPath');
  const servers = inject('e2eServers');
  // The worker's own server: files running side by side never write to the same database.
  const server = servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % (servers.length || 1)];
  const run = chromiumPath && server ? describe : describe.skip;
  run(title, () => {
    let browser: Browser | undefined;
    const contexts: BrowserContext[] = [];
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath!, args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser?.close();
    });
    suite(() => ({
      server: server!,
      browser: browser!,
      async newPage(options = {}) {
        const context = await browser!.newContext({
          baseURL: server!.origin,
          viewport: options.viewport ?? { width: 1280, height: 800 },
          colorScheme: options.colorScheme ?? 'light',
          reducedMotion: options.reducedMotion ?? 'no-preference',
          isMobile: options.isMobile ?? false,
          hasTouch: options.hasTouch ?? false,
        });
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        return page;
      },
    }));
  });
}

/** The app's URL for a hash route, e.g. appRoute(server, '/dashboard'). */
export function appRoute(server: E2eServer, route: string): string {
  return `${server.appUrl}#${route}`;
}

/** Signs in through the real sign-in form and waits for the dashboard. */
export async function signInThroughForm(
  page: Page,
  server: E2eServer,
  email: string,
  password: string,
) {
  await page.goto(appRoute(server, '/signin'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/#\/dashboard$/);
  // The signed-in frame is its own chunk: wait until it is on screen (its header: a phone's
  // sidebar is only drawn once opened).
  await page.getByRole('button', { name: 'Change Password' }).waitFor();
}

/** Calls the API directly (to arrange data a test needs), answering the parsed envelope. */
export async function callApi<T = unknown>(
  server: E2eServer,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
  const response = await fetch(`${server.origin}${apiPath}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** Adds a staff record through the API (as HR or an admin) and gives it back. */
export async function createStaffMember(
  server: E2eServer,
  token: string,
  fields: CreateEmployeeInput,
): Promise<Employee> {
  const created = await callApi<{ employee: Employee }>(server, 'POST', '/api/employees', {
    token,
    body: fields,
  });
  if (created.status !== 201) {
    throw new Error(`Adding ${fields.email} answered ${created.status}: ${created.body.message}`);
  }
  return created.body.data.employee;
}

/** A token for API calls, by signing in over HTTP. */
export async function tokenFor(
  server: E2eServer,
  email: string,
  password: string,
): Promise<string> {
  const { status, body } = await callApi<{ token: string }>(server, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  if (status !== 200) throw new Error(`Sign-in for ${email} failed: ${status} ${body.message}`);
  return body.data.token;
}

/**
 * An account given a one-time password (link-employee, Add User) chooses its own, as the app
 * makes it do before anything else (the API refuses every other call meanwhile). Answers the
 * password chosen.
 */
export async function replaceTemporaryPassword(
  server: E2eServer,
  email: string,
  temporary: string,
): Promise<string> {
  const token = await tokenFor(server, email, temporary);
  const chosen = `${temporary}-chosen`;
  const { status, body } = await callApi(server, 'PUT', '/api/users/change-password', {
    token,
    body: { oldPassword: temporary, newPassword: chosen },
  });
  if (status !== 200) throw new Error(`Password change for ${email}: ${status} ${body.message}`);
  return chosen;
}
