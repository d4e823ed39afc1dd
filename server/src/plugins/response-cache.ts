import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localDay } from '../lib/local-day';
import { createLruTextStore } from '../lib/lru-text-store';
import { createRepeatFilter } from '../lib/repeat-filter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never answer this GET route from the response cache. */
    cache?: false;
  }
  interface FastifyRequest {
    /** Where this GET's answer goes in the response cache: set when it is to be kept there. */
    responseCacheKeep: { key: string; version: number } | null;
  }
  interface FastifyInstance {
    /**
     * Whether an answer is kept for this account and URL at the newest data version this
     * instance has seen, today: the guard then leaves out the route's caller figure, which the
     * cached answer does not need (plugins/auth.ts).
     */
    responseCacheHolds(userId: number, url: string): boolean;
  }
}

/** What the cache may hold at most: answers, their keys and bookkeeping, in bytes. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Slots for keys asked for once, waiting to be asked again (a 32-bit hash each: 64 KB). */
const SLOTS_ASKED_ONCE = 16_384;

interface Cached {
  /** The answer as the serialiser gave it: text, or UTF-8 bytes (lib/response-serializer.ts). */
  text: string | Buffer;
  contentType: string;
}

/**
 * Answers a signed-in caller's repeated GET from memory while nothing it could show has
 * changed. The key is the data version (moved by triggers with every write to any table the API
 * reads, whoever writes it, on any instance: migration 0007), the calendar day in the server's
 * time zone (for "this month" and semesters), the caller's account and the exact URL. The guard
 * reads the version in the same statement as the caller's account, so a hit costs no extra
 * query; the guard still runs first, so a revoked session or a lost role is refused as before.
 *
 * Only 200 answers are kept, as the serialiser produced them (so already checked and stripped
 * by the response schema); headers come from the same hooks as any answer. An answer is kept
 * the second time its key is asked for, not the first (lib/repeat-filter.ts): most keys never
 * come back, and keeping their answers only gave the garbage collector copying to do
 * (docs/performance-log.md, "Answers are kept when asked for twice"). Versions only grow: when a
 * newer one appears, everything older is dropped at once.
 */
async function responseCachePlugin(app: FastifyInstance) {
  // A request property rather than a WeakMap keyed by request: simpler, and no weak entry per
  // request for the garbage collector to trace.
  app.decorateRequest('responseCacheKeep', null);
  const entries = createLruTextStore<Cached>({ maxBytes: MAX_BYTES });
  const askedOnce = createRepeatFilter(SLOTS_ASKED_ONCE);
  let latestVersion = -1;
  const keyOf = (version: number, userId: number, url: string) =>
    `${version}\u0000${localDay()}\u0000${userId}\u0000${url}`;

  app.decorate('responseCacheHolds', (userId: number, url: string) =>
    entries.has(keyOf(latestVersion, userId, url)),
  );

  function cacheKey(request: FastifyRequest): string | null {
    const version = request.dataVersion;
    if (request.method !== 'GET' || request.user === null || version === null) return null;
    if (request.routeOptions.config.cache === false) return null;
    if (version > latestVersion) {
      entries.clear();
      askedOnce.clear();
      latestVersion = version;
    } else if (version < latestVersion) {
      return null;
    }
    return keyOf(version, request.user.id, request.url);
  }

  // After the guard (registered before this plugin): it has read the caller and the version.
  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    const key = cacheKey(request);
    if (key === null) return;
    const cached = entries.get(key);
    if (!cached) {
      if (askedOnce.seenBefore(key)) {
        request.responseCacheKeep = { key, version: request.dataVersion! };
      }
      return;
    }
    return reply.header('content-type', cached.contentType).send(cached.text);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const keep = request.responseCacheKeep;
    // Not when a newer version appeared meanwhile: nobody would ask for this one again.
    if (keep && keep.version === latestVersion && reply.statusCode === 200) {
      const contentType = reply.getHeader('content-type');
      if (
        (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
        typeof contentType === 'string'
      ) {
        entries.set(keep.key, { text: payload, contentType });
      }
    }
    done(null, payload);
  });
}

export default fp(responseCachePlugin, {
  name: 'response-cache',
  dependencies: ['auth'],
});
