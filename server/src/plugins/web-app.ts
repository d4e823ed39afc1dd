import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebAppOptions {
  /** The folder Vite built the app into (holds index.html and assets/). */
  root: string;
}

/**
 * Serves the built React app under BASE_PATH. Assets carry a content hash in their names, so
 * they are cached for a year; index.html is revalidated every time. Files are pre-compressed at
 * build time (brotli and gzip) and sent compressed when the browser accepts it.
 */
async function webAppPlugin(app: FastifyInstance, options: WebAppOptions) {
  const basePath = app.config.BASE_PATH;
  const withoutSlash = basePath.replace(/\/$/, '');

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath));
  if (withoutSlash) {
    app.get(withoutSlash, { schema: { hide: true } }, (_request, reply) =>
      reply.redirect(basePath),
    );
  }

  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'web app is not built; run `npm run build:web`');
    return;
  }

  await app.register(fastifyStatic, {
    root: options.root,
    prefix: basePath,
    preCompressed: true,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['services'] });
