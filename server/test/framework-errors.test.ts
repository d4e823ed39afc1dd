import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectTcp, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as connectTls } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ES module shared with the benchmarks and the browser tests
import { selfSignedCertificate } from '../../scripts/self-signed-certificate.mjs';
import { buildApp } from '../src/app';
import { createTokenService } from '../src/lib/tokens';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine, type TestContext } from './helpers/test-app';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as it is on a new connection and reads the answer until the server closes. */
function rawRequest(open: () => Socket, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = open();
    const chunks: Buffer[] = [];
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the rest of a refused request is still being written.
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(request);
  });
}

function expectEnvelope(answer: RawAnswer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  // A chunked body (Fastify's own answers to a closing connection) is read past its framing.
  const json =
    answer.headers['transfer-encoding'] === 'chunked' ? unchunk(answer.body) : answer.body;
  expect(JSON.parse(json)).toEqual(errorEnvelope(message));
}

function unchunk(body: string): string {
  let rest = body;
  let out = '';
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

const HUNDRED_KB = 'a'.repeat(100 * 1024);

const close = 'Connection: close\r\n';

/** Every refusal the framework or Node's HTTP parser makes, as raw HTTP/1.1. */
interface Refusal {
  title: string;
  request: string;
  status: number;
  message: string;
}

const TOO_LARGE = { status: 431, message: 'The request address or headers are too large' };

function frameworkRefusals(): (Refusal & { overTls?: Omit<Refusal, 'title' | 'request'> })[] {
  return [
    {
      title: 'an unknown route (404)',
      request: `GET /api/no-such-route HTTP/1.1\r\nHost: x\r\n${close}\r\n`,
      status: 404,
      message: 'Route GET /api/no-such-route not found',
    },
    {
      title: 'a body that is not valid JSON (400)',
      request:
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: 9\r\n${close}\r\n{"email":`,
      status: 400,
      message: 'The request body is not valid JSON',
    },
    {
      title: 'a body of another content type (415)',
      request:
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\n' +
        `Content-Length: 5\r\n${close}\r\nhello`,
      status: 415,
      message: 'Unsupported content type: send application/json',
    },
    {
      title: 'a body past the limit (413)',
      request:
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${2 * 1024 * 1024}\r\n${close}\r\n{"a":"`,
      status: 413,
      message: 'Request body is too large (the limit is 1 MB)',
    },
    {
      title: 'a 100 KB header (431)',
      request: `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${HUNDRED_KB}\r\n${close}\r\n`,
      ...TOO_LARGE,
    },
    {
      title: 'a 100 KB address (414)',
      request: `GET /api/health?q=${HUNDRED_KB} HTTP/1.1\r\nHost: x\r\n${close}\r\n`,
      status: 414,
      message: 'The address is too long',
      // TLS hands the parser 16 KB at a time: past the first, it cannot tell an address from a
      // header, and says both.
      overTls: TOO_LARGE,
    },
    {
      title: 'a malformed request line (400)',
      request: 'NOT AN HTTP REQUEST\r\n\r\n',
      status: 400,
      message: 'The request is not valid HTTP',
    },
    {
      title: 'a header Node cannot parse (400)',
      request: `GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: yes\r\n${close}\r\n`,
      status: 400,
      message: 'The request is not valid HTTP',
    },
    {
      title: 'an HTTP/1.1 request without Host (400)',
      request: `GET /api/health HTTP/1.1\r\n${close}\r\n`,
      status: 400,
      message: 'The request has no Host header',
    },
  ];
}

describeEachEngine('errors the framework and Node make, over a real connection', (ctx) => {
  let port = 0;
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx().app.server.address() as AddressInfo).port;
  });
  const open = () => connectTcp(port, '127.0.0.1');

  for (const refusal of frameworkRefusals()) {
    it(`answers ${refusal.title} in the envelope`, async () => {
      expectEnvelope(await rawRequest(open, refusal.request), refusal.status, refusal.message);
    });
  }

  it('still answers a well-formed request on the same server', async () => {
    const answer = await rawRequest(open, `GET /api/health HTTP/1.1\r\nHost: x\r\n${close}\r\n`);
    expect(answer.status).toBe(200);
  });

  describeOverTls(ctx);
});

/** The HTTPS server of app.ts (HTTP/2 with HTTP/1.1 beside it): Node's parser refusals there. */
function describeOverTls(ctx: () => TestContext) {
  describe('over HTTPS (HTTP/1.1 beside HTTP/2)', () => {
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    let dir = '';
    let port = 0;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'spms-tls-'));
      const { certFile, keyFile } = selfSignedCertificate(dir) as {
        certFile: string;
        keyFile: string;
      };
      const { config, db, engine } = ctx();
      app = await buildApp({
        config,
        database: { db, engine, location: '', close: async () => undefined },
        tokens: createTokenService(randomBytes(32).toString('base64url'), '1h'),
        tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const open = () =>
      connectTls({
        port,
        host: '127.0.0.1',
        rejectUnauthorized: false,
        ALPNProtocols: ['http/1.1'],
      });

    for (const refusal of frameworkRefusals()) {
      it(`answers ${refusal.title} in the envelope`, async () => {
        const answer = await rawRequest(open, refusal.request);
        const expected =
          refusal.overTls && answer.status === refusal.overTls.status ? refusal.overTls : refusal;
        expectEnvelope(answer, expected.status, expected.message);
      });
    }
  });
}
