import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from './api-client';
import { apiDownload, apiUpload } from './api-transfer';
import { readToken, writeSession } from './session-storage';

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

/** Answers every send with `status` and `body` once the upload's load event has fired. */
function stubXhr(status: number, body: unknown) {
  class AnsweringXhr {
    status = 0;
    statusText = '';
    responseText = '';
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    open() {}
    setRequestHeader() {}
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    send() {
      queueMicrotask(() => {
        this.upload.dispatchEvent(new Event('load'));
        this.status = status;
        this.statusText = status === 401 ? 'Unauthorized' : 'Internal Server Error';
        this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
        this.events.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => undefined);
});

describe('downloads and uploads share the call helper’s rules', () => {
  it('ends the session on a 401 upload and reports the server’s message', async () => {
    writeSession({ token: 'abc', user: USER });
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    stubXhr(401, { success: false, message: 'Your session has ended' });
    await expect(apiUpload('/employees/import', { csv: 'x' })).rejects.toMatchObject({
      message: 'Your session has ended',
      status: 401,
    });
    expect(signedOut).toHaveBeenCalledOnce();
    expect(readToken()).toBeNull();
  });

  it('falls back to "HTTP {status}: {statusText}" when an upload answers no JSON', async () => {
    writeSession({ token: 'abc', user: USER });
    stubXhr(500, '<html>oops</html>');
    await expect(apiUpload('/employees/import', {})).rejects.toMatchObject({
      message: 'HTTP 500: Internal Server Error',
    });
  });

  it('ends the session on a 401 download', async () => {
    writeSession({ token: 'abc', user: USER });
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('{"success":false,"message":"Sign in again"}', { status: 401 }),
      ),
    );
    await expect(apiDownload('/audit/export.csv', 'audit.csv')).rejects.toMatchObject({
      message: 'Sign in again',
      status: 401,
    });
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('keeps the fallback name when the server sends none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('a,b\r\n', { status: 200 })),
    );
    const file = await apiDownload('/bonuses/export.csv', 'bonuses.csv');
    expect(file.fileName).toBe('bonuses.csv');
    expect(await file.blob.text()).toBe('a,b\r\n');
  });
});
