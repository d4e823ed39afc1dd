import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localDay } from '../lib/local-day';

declare module 'fastify' {
  interface FastifyRequest {
    /** This GET's entity tag, when it has one (a signed-in caller's, under a data version). */
    entityTag: string | null;
  }
}

/**
 * HTTP revalidation for signed-in GETs (RFC 9110, section 13.1.2): every answer carries a weak
 * `ETag`, and a request whose `If-None-Match` names the current one is answered `304 Not
 * Modified` with no body, so a screen reloaded or polled costs the guard's one statement and no
 * query of its own. The tag is made of what an answer depends on besides its URL: the data
 * version (moved at commit by every write to a table the API reads, on any instance: the
 * registry's `data-version` declaration), the calendar day in the server's time zone (for "this
 * month" and semesters) and the caller's account (whose role and employee are written to
 * `users`, which moves the version). Answers stay `Cache-Control: no-store`: the web client keeps
 * its copy in memory (web/src/lib/api-client.ts), so no answer is left on a shared disk.
 *
 * The guard (registered before) still runs first: a revoked session or a lost role is refused as
 * before, never answered 304.
 */
async function entityTagPlugin(app: FastifyInstance) {
  app.decorateRequest('entityTag', null);

  function tagOf(request: FastifyRequest): string | null {
    const version = request.dataVersion;
    if (request.method !== 'GET' || request.user === null || version === null) return null;
    return `W/"${version}.${localDay()}.${request.user.id}"`;
  }

  // Callback style: a write, or a read with no tag to check, goes on without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const tag = tagOf(request);
    if (tag !== null) {
      request.entityTag = tag;
      // Answered here: the rest of the hooks and the handler do not run.
      if (matches(request.headers['if-none-match'], tag)) {
        void reply.code(304).header('etag', tag).send();
        return;
      }
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.entityTag !== null && reply.statusCode === 200) {
      void reply.header('etag', request.entityTag);
    }
    done(null, payload);
  });
}

/** Whether an `If-None-Match` list names the tag (weak comparison: the tags are weak). */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (candidate: string) => candidate.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}

export default fp(entityTagPlugin, { name: 'entity-tags', dependencies: ['auth'] });
