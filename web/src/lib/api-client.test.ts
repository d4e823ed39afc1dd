import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';
import { forgetAnswers } from './revalidated-answers';
import { clearSession, sessionWasRevoked, writeSession } from './session-storage';

const USER = {
  id: 1,
  email: 'a@example.com',
  firstname: 'A',
  lastname: 'B',
  first_name: 'A',
  last_name: 'B',
  user_type: 'admin' as const,
  employee_id: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('the shared call helper (SPEC.md sections 7 and 8)', () => {
  it('sends JSON and the bearer token from local storage', async () => {
    writeSession({ token: 'abc', user: USER });
    const fetchStub = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    await apiRequest('/things', { method: 'POST', body: { a: 1 } });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer abc',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it("uses the server's message, else HTTP status and text", async () => {
    stubFetch({
      'GET /api/a': { status: 409, body: { success: false, message: 'Email already in use' } },
    });
    await expect(apiRequest('/a')).rejects.toMatchObject({
      message: 'Email already in use',
      status: 409,
    });
    vi.stubGlobal(
      'fetch',
      async () => new Response('not json', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(apiRequest('/a')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway' });
  });

  it('signs the user out on a 401 to a signed-in call', async () => {
    writeSession({ token: 'expired', user: USER });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({
      'GET /api/auth/me': {
        status: 401,
        body: { success: false, message: 'Your session has expired. Please sign in again.' },
      },
    });
    await expect(apiRequest('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('marks a session the server ended, which signing out or in again clears', async () => {
    writeSession({ token: 'revoked', user: USER });
    setUnauthorizedHandler(() => undefined);
    stubFetch({ 'GET /api/auth/me': { status: 401, body: { success: false, message: 'No' } } });
    await expect(apiRequest('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(sessionWasRevoked()).toBe(true);

    writeSession({ token: 'fresh', user: USER });
    expect(sessionWasRevoked()).toBe(false);
    clearSession();
    expect(sessionWasRevoked()).toBe(false);
  });

  it("ends the session once for a screen's 401s, and never a newer one", async () => {
    writeSession({ token: 'old', user: USER });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    let answer: (value?: unknown) => void = () => undefined;
    stubFetch({
      'GET /api/a': {
        status: 401,
        until: new Promise((resolve) => (answer = resolve)),
        body: { success: false, message: 'No' },
      },
    });
    const calls = [apiRequest('/a'), apiRequest('/a'), apiRequest('/a')];
    // Someone signs in again before the old token's answers arrive.
    writeSession({ token: 'new', user: USER });
    answer();
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();

    const again = [apiRequest('/a'), apiRequest('/a')];
    for (const call of again) await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('revalidating a GET with its ETag', () => {
  afterEach(() => forgetAnswers());

  it("asks with the last answer's tag and takes the kept answer on 304", async () => {
    writeSession({ token: 'tagged', user: USER });
    const seen: (string | undefined)[] = [];
    const answers = [
      () => Response.json({ data: 'first' }, { headers: { ETag: 'W/"1"' } }),
      () => new Response(null, { status: 304, headers: { ETag: 'W/"1"' } }),
      () => Response.json({ data: 'second' }, { headers: { ETag: 'W/"2"' } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>)['If-None-Match']);
        return answers[seen.length - 1]!();
      }),
    );
    expect(await apiRequest('/things')).toEqual({ data: 'first' });
    expect(await apiRequest('/things')).toEqual({ data: 'first' });
    expect(await apiRequest('/things')).toEqual({ data: 'second' });
    expect(seen).toEqual([undefined, 'W/"1"', 'W/"1"']);
  });

  it('keeps no answer across sessions, nor for writes', async () => {
    writeSession({ token: 'one', user: USER });
    const seen: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>)['If-None-Match']);
        return Response.json({ success: true }, { headers: { ETag: 'W/"1"' } });
      }),
    );
    await apiRequest('/things');
    await apiRequest('/things', { method: 'POST', body: {} });
    writeSession({ token: 'two', user: USER });
    await apiRequest('/things');
    clearSession();
    writeSession({ token: 'one', user: USER });
    await apiRequest('/things');
    expect(seen).toEqual([undefined, undefined, undefined, undefined]);
  });
});
