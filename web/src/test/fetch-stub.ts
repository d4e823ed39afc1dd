import { vi } from 'vitest';

export interface StubbedResponse {
  status?: number;
  body?: unknown;
  /** Reject like a network failure instead of answering. */
  networkError?: boolean;
  /** Wait for this promise before answering (to observe busy states). */
  until?: Promise<unknown>;
}

/**
 * Replaces fetch for component tests: each call answers the first route whose method and path
 * match. Answers the recorded calls so a test can check what was sent.
 */
export function stubFetch(routes: Record<string, StubbedResponse>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[`${method} ${path}`];
      if (!route) throw new Error(`Unexpected ${method} ${path}`);
      await route.until;
      if (route.networkError) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(route.body ?? {}), {
        status: route.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
