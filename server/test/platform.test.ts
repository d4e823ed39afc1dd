import { expect, it } from 'vitest';
import { errorEnvelope } from './helpers/error-envelope';
import { describeEachEngine, startTestApp } from './helpers/test-app';
import { ENGINES, describeOn } from './helpers/test-database';

describeEachEngine('platform conventions', (ctx) => {
  it('reports health with the database engine', async () => {
    const res = await ctx().call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'OK',
      data: { status: 'ok', database: ctx().engine },
    });
  });

  it('sends security headers and never lets API answers be cached', async () => {
    const res = await ctx().call('GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(csp).not.toContain('accounts.google.com');
  });

  it('refuses bodies over 1 MB with 413 in the envelope', async () => {
    const res = await ctx().call('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const res = await ctx().call('GET', '/api/does-not-exist', { token: ctx().as.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it('does not allow other origins to read answers (no CORS headers)', async () => {
    const res = await ctx().call('OPTIONS', '/api/auth/me', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes an OpenAPI 3.1 document listing the routes', async () => {
    const res = await ctx().call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/users/change-password',
        '/api/health',
      ]),
    );
    const docs = await ctx().call('GET', '/api/docs/');
    expect(docs.status).toBe(200);
  });

  it('tells the browser whether Google sign-in is configured', async () => {
    const res = await ctx().call('GET', '/api/auth/config');
    expect(res.body.data).toEqual({ google_client_id: null });
  });
});

describeEachEngine(
  'Google sign-in configured',
  (ctx) => {
    it('allows Google script and frame in the CSP only then', async () => {
      const res = await ctx().call('GET', '/api/auth/config');
      expect(res.body.data).toEqual({ google_client_id: 'client-123.apps.googleusercontent.com' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('https://accounts.google.com/gsi/client');
    });
  },
  { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com' },
);

for (const engine of ENGINES) {
  const run = describeOn(engine);
  run(`health without its database [${engine}]`, () => {
    it('answers 503 in the envelope once the database cannot be reached', async () => {
      const context = await startTestApp(engine);
      try {
        expect((await context.call('GET', '/api/health')).status).toBe(200);
        await context.db.destroy();
        const res = await context.call('GET', '/api/health');
        expect(res.status).toBe(503);
        expect(res.body).toEqual(errorEnvelope('Database unavailable'));
      } finally {
        await context.close();
      }
    });
  });
}
