import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inlineScriptHashes } from '../lib/inline-scripts';

export interface WebAppOptions {
  /** The folder Vite built the app into (holds index.html and assets/). */
  root: string;
}

/**
 * The hashes of the inline scripts of the built app's page, for the CSP; none when not built.
 * Read once at start: a rebuilt page needs a restarted server (npm start does both).
 */
export function webAppScriptHashes(root: string): string[] {
  const indexFile = path.join(root, 'index.html');
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
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
