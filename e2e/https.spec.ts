/// <reference lib="dom" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:http2';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module shared with the benchmarks
import { selfSignedCertificate } from '../scripts/self-signed-certificate.mjs';
import { describeInBrowser, signInThroughForm } from './support/browser';
import { startServerProcess, type ServerProcess } from './support/server-process';

const ADMIN = { email: 'https.admin@example.com', password: 'https-admin-password' };

/**
 * With TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself: HTTP/2 to browsers, so the
 * page's code and calls share one connection, and HTTP/1.1 to clients without HTTP/2. Its own
 * server, with a certificate made for the run.
 */
describeInBrowser('served over HTTPS', (session) => {
  let certificateDir: string;
  let certificate: Buffer;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    certificateDir = mkdtempSync(path.join(tmpdir(), 'spms-tls-'));
    const { certFile, keyFile } = selfSignedCertificate(certificateDir) as {
      certFile: string;
      keyFile: string;
    };
    certificate = readFileSync(certFile);
    server = await startServerProcess({
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(certificateDir, { recursive: true, force: true });
  });

  it('loads the app over HTTP/2: a person signs in and sees the dashboard', async () => {
    const context = await session().browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, { ...server!, admin: ADMIN }, ADMIN.email, ADMIN.password);
      await page.getByRole('heading', { name: 'HR Dashboard' }).waitFor();
      expect(page.url()).toMatch(/^https:/);
      const protocols = await page.evaluate(() =>
        performance
          .getEntriesByType('navigation')
          .concat(performance.getEntriesByType('resource'))
          .map((entry) => (entry as PerformanceResourceTiming).nextHopProtocol),
      );
      expect(protocols.length).toBeGreaterThan(5);
      expect(new Set(protocols)).toEqual(new Set(['h2']));
    } finally {
      await context.close();
    }
  });

  it('answers a client without HTTP/2 over HTTPS/1.1', async () => {
    const answer = await new Promise<{ version: string; status?: number; body: string }>(
      (resolve, reject) => {
        get(`${server!.origin}/api/health`, { ca: certificate }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ version: response.httpVersion, status: response.statusCode, body }),
          );
        }).on('error', reject);
      },
    );
    expect(answer.version).toBe('1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
  });

  it('refuses TLS before 1.2 and key exchanges without forward secrecy', async () => {
    const handshake = (options: ConnectionOptions) =>
      new Promise<string>((resolve) => {
        const { hostname, port } = new URL(server!.origin);
        const socket = tlsConnect({
          host: hostname,
          port: Number(port),
          ca: certificate,
          ...options,
        });
        socket.once('secureConnect', () => {
          resolve(socket.getCipher().name);
          socket.destroy();
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    expect(await handshake({ maxVersion: 'TLSv1.1', minVersion: 'TLSv1' })).toMatch(/^ERR_SSL_/);
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'AES256-GCM-SHA384' })).toMatch(
      /^ERR_SSL_/,
    );
    expect(await handshake({ maxVersion: 'TLSv1.2' })).toMatch(/^ECDHE-/);
  });

  it('stops when told to, closing an HTTP/2 request left half-sent after the grace', async () => {
    const client = connect(server!.origin, { ca: certificate });
    client.on('error', () => {});
    const stream = client.request({
      ':method': 'POST',
      ':path': '/api/auth/login',
      'content-type': 'application/json',
      'content-length': '100',
    });
    stream.on('error', () => {});
    stream.write('{"email"');
    const closed = new Promise((resolve) => client.once('close', resolve));
    // The request has reached the server once an ordinary one, sent after it, is answered.
    const health = client.request({ ':path': '/api/health' });
    const status = await new Promise((resolve) =>
      health.once('response', (h) => resolve(h[':status'])),
    );
    health.resume();
    expect(status).toBe(200);

    await server!.stop();
    await closed;
    expect(server!.output()).toContain('requests still in flight after the shutdown grace');
    expect(server!.exitCode(), server!.output()).toBe(0);
    server = undefined;
  });
});
