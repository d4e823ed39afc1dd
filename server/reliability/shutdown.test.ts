import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startServer } from './helpers/server-process';
import { createStore, type TestStore } from './helpers/databases';

/**
 * Told to stop (SIGTERM, as a restart or deploy does), the server lets the requests in flight
 * finish, but not for ever: a client that stops sending its request, or stops reading the
 * answer, has its connection closed after the grace (main.ts), and the server stops cleanly.
 * Before, a half-sent body held it until Node's 5-minute request timeout, and a paused CSV
 * download for good. The engine does not matter here; SQLite is the quicker to set up.
 */
describe('stopped while a client holds a request open', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createStore('sqlite');
  });
  afterAll(async () => {
    await store?.remove();
  });

  it('closes the stalled connection, stops, and starts again on the same data', async () => {
    const server = await startServer({ dataDir: store.dataDir });
    const { hostname, port } = new URL(server.origin);
    const client = connect(Number(port), hostname);
    client.on('error', () => {});
    await once(client, 'connect');
    // Headers and the start of a 100-byte body, and then nothing more.
    client.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: spms\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email"',
    );
    const clientClosed = once(client, 'close');
    // The request has reached the server once an ordinary one, sent after it, is answered.
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);

    await server.stop();
    await clientClosed;
    expect(server.output()).toContain('requests still in flight after the shutdown grace');

    const again = await startServer({ dataDir: store.dataDir });
    try {
      const login = await fetch(`${again.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
