import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#contract/auth';
import { signedInPreload } from '../../build-plugins/inline-head-scripts';
import { DASHBOARD_FIRST_CALLS } from '../features/dashboard/api/first-calls';
import { prefetchDashboard } from '../features/dashboard/api/prefetch-dashboard';
import { NetworkError, apiRequest } from './api-client';
import { EARLY_ANSWERS_KEY } from './early-answers';
import { writeSession } from './session-storage';

/**
 * The page's inline script (scripts/signed-in-preload.mjs, as the build writes it) and the app's
 * call helper together: what the script asks for early, the app takes instead of asking again.
 */

const ROUTER = path.resolve(__dirname, '../app/router.tsx');
let builtTo: string;
let script: string;

beforeAll(() => {
  // The smallest bundle the script can be written for: an entry, the frame and the dashboard.
  builtTo = mkdtempSync(path.join(tmpdir(), 'spms-preload-'));
  mkdirSync(path.join(builtTo, '.vite'));
  writeFileSync(
    path.join(builtTo, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/app/layout/app-layout.tsx': { file: 'assets/app-layout.js' },
      'src/features/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page.js' },
    }),
  );
  script = signedInPreload(builtTo, ROUTER);
});
afterAll(() => rmSync(builtTo, { recursive: true, force: true }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_KEY];
  for (const link of document.head.querySelectorAll('link')) link.remove();
  window.location.hash = '';
});

function user(user_type: SessionUser['user_type']): SessionUser {
  return {
    id: 7,
    email: 'p@example.com',
    firstname: 'P',
    lastname: 'Q',
    first_name: 'P',
    last_name: 'Q',
    user_type,
    employee_id: user_type === 'employee' ? 3 : null,
  };
}

/** Counts the calls per path and answers each with its own path. */
function serveCalls() {
  const calls: { url: string; authorization: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        authorization: (init.headers as Record<string, string> | undefined)?.Authorization,
      });
      return new Response(JSON.stringify({ success: true, data: { asked: url } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Opens the page: the inline script runs as the browser would run it, before any app code. */
function openPage(hash: string) {
  window.location.hash = hash;
  window.eval(script);
}

describe("the signed-in preload's early calls", () => {
  it('starts the HR dashboard’s calls with the token; the app takes each once', async () => {
    writeSession({ token: 'tok', user: user('manager') });
    const calls = serveCalls();
    openPage('#/dashboard');

    expect(calls).toEqual([
      { url: '/api/hr/metrics', authorization: 'Bearer tok' },
      { url: '/api/hr/charts', authorization: 'Bearer tok' },
    ]);
    expect(document.head.querySelector('link[href$="dashboard-page.js"]')).not.toBeNull();

    await expect(apiRequest('/hr/metrics')).resolves.toEqual({
      success: true,
      data: { asked: '/api/hr/metrics' },
    });
    expect(calls).toHaveLength(2);
    // Taken once: a later visit asks again.
    await apiRequest('/hr/metrics');
    expect(calls).toHaveLength(3);
  });

  for (const role of ['admin', 'manager', 'employee'] as const) {
    it(`starts exactly the calls the ${role}'s dashboard makes first, none twice`, async () => {
      writeSession({ token: 'tok', user: user(role) });
      const calls = serveCalls();
      openPage('#/dashboard');
      const queryClient = new QueryClient();
      prefetchDashboard(queryClient, user(role));
      await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

      // Each path once: the script's call, which the prefetch took instead of asking again.
      const asked = DASHBOARD_FIRST_CALLS[role].map((call) => `/api${call}`);
      expect(calls.map((call) => call.url).sort()).toEqual([...asked].sort());
    });
  }

  it('asks for nothing without a session, or on a screen it does not know', () => {
    const calls = serveCalls();
    openPage('#/dashboard');
    writeSession({ token: 'tok', user: user('admin') });
    openPage('#/signin');
    openPage('#/staff');
    expect(calls).toEqual([]);
    expect(window[EARLY_ANSWERS_KEY as keyof Window]).toBeUndefined();
  });

  it('leaves an answer asked with another token, or too long ago, and asks again', async () => {
    writeSession({ token: 'old', user: user('admin') });
    const calls = serveCalls();
    openPage('#/dashboard');
    writeSession({ token: 'new', user: user('admin') });
    await apiRequest('/hr/metrics');
    expect(calls.at(-1)).toEqual({ url: '/api/hr/metrics', authorization: 'Bearer new' });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    await apiRequest('/hr/charts');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/hr/metrics',
      '/api/hr/charts',
      '/api/hr/metrics',
      '/api/hr/charts',
    ]);
  });

  it('reports an early call that failed as the app reports any network failure', async () => {
    writeSession({ token: 'tok', user: user('admin') });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    openPage('#/dashboard');
    await expect(apiRequest('/hr/metrics')).rejects.toBeInstanceOf(NetworkError);
  });
});
