import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_ORIGIN = 'https://accounts.google.com';

/**
 * Security headers for every response: a CSP without inline scripts (Google's script and frame
 * are allowed only when Google sign-in is configured), nosniff, no framing, a strict referrer
 * policy. API answers are never cached. No CORS plugin is registered: other origins cannot read.
 */
async function securityPlugin(app: FastifyInstance) {
  const google = Boolean(app.config.GOOGLE_CLIENT_ID);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(google ? [GOOGLE_SCRIPT] : [])],
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

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      void reply.header('Cache-Control', 'no-store');
    }
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['services'] });
