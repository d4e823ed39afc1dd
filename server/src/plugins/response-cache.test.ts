import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import responseCache from './response-cache';

/**
 * The cache alone, behind a stand-in for the guard that names the caller and the data version
 * as the real one does; the API suite (server/test/response-cache.test.ts) covers it in the
 * whole server.
 */
async function appCountingComputations() {
  const app = Fastify();
  let dataVersion = 1;
  const computed: string[] = [];
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('user', null);
        instance.decorateRequest('dataVersion', null);
        instance.addHook('onRequest', async (request) => {
          request.user = { id: Number(request.headers['x-user']) } as never;
          request.dataVersion = dataVersion;
        });
      },
      { name: 'auth' },
    ),
  );
  await app.register(responseCache);
  app.get('/answer', async (request) => {
    computed.push(request.url);
    return { url: request.url, version: dataVersion };
  });
  const ask = async (url: string, user = 1) =>
    (await app.inject({ url, headers: { 'x-user': String(user) } })).json();
  return { ask, computed, setVersion: (version: number) => (dataVersion = version) };
}

describe('response cache', () => {
  it('keeps an answer the second time it is asked for, and answers from it after', async () => {
    const { ask, computed } = await appCountingComputations();
    for (let i = 0; i < 4; i++)
      expect(await ask('/answer?a=1')).toEqual({ url: '/answer?a=1', version: 1 });
    expect(computed).toEqual(['/answer?a=1', '/answer?a=1']);
  });

  it('never keeps an answer asked for once', async () => {
    const { ask, computed } = await appCountingComputations();
    for (let i = 0; i < 3; i++) await ask(`/answer?unique=${i}`);
    await ask('/answer?unique=0');
    expect(computed).toHaveLength(4);
  });

  it("keeps each caller's answers apart and drops them all when the data version moves", async () => {
    const { ask, computed, setVersion } = await appCountingComputations();
    for (let i = 0; i < 2; i++) await ask('/answer', 1);
    await ask('/answer', 2);
    expect(computed).toHaveLength(3);
    setVersion(2);
    expect(await ask('/answer', 1)).toEqual({ url: '/answer', version: 2 });
    expect(computed).toHaveLength(4);
  });
});
