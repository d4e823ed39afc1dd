import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_ORIGIN = 'https://accounts.google.com';

/**
 * The headers helmet sets with these options, in its order and spelling, worked out once on a
 * throwaway instance. helmet builds its middleware again on every request (parsing the CSP
 * directives each time): 10 to 15 % of the CPU of a small answer, for headers that never change.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string][] = [];
  probe.get('/', (_request, reply) => {
    // Node keeps the spelling given to setHeader (getRawHeaderNames, missing from its types).
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    return reply.send('');
  });
  await probe.inject('/');
  await probe.close();
  if (!headers.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('helmet set no Content-Security-Policy');
  }
  return headers;
}

export interface SecurityOptions {
  /** The hashes of the web app's own inline scripts (lib/inline-scripts.ts), the only ones run. */
  scriptHashes?: string[];
}

/**
 * Security headers for every response: a CSP that runs no inline script but the web app's own,
 * by hash (Google's script and frame are allowed only when Google sign-in is configured),
 * nosniff, no framing, a strict referrer policy. API answers are never cached. No CORS plugin is
 * registered: other origins cannot read.
 */
async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const google = Boolean(app.config.GOOGLE_CLIENT_ID);
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptHashes ?? []), ...(google ? [GOOGLE_SCRIPT] : [])],
        // Mantine sets CSS variables through style attributes; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'", ...(google ? [`${GOOGLE_ORIGIN}/gsi/style`] : [])],
        imgSrc: ["'self'", 'data:', ...(google ? ['https://*.googleusercontent.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(google ? [`${GOOGLE_ORIGIN}/gsi/`] : [])],
        frameSrc: google ? [`${GOOGLE_ORIGIN}/gsi/`] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in popup talks back to the opener; same-origin would cut it off.
    crossOriginOpenerPolicy: { policy: google ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Set on the raw response before anything else runs, as @fastify/helmet does, so a route may
  // still replace one (the API docs send their own CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['services'] });
