import type { FieldError } from '#contract/envelope';
import { takeEarlyAnswer } from './early-answers';
import { keepAnswer, keptAnswer, keptTag } from './revalidated-answers';
import { clearSession, readToken } from './session-storage';

/**
 * The shared call helper of SPEC.md sections 7 and 8: JSON in and out, the bearer token from local
 * storage, and the error rules: the server's JSON message, else "HTTP {status}: {statusText}",
 * else "API request failed". A 401 on a signed-in call ends the session.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldError[] = [],
    /** The message the server sent, when it sent one (some screens have their own fallback). */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A network failure (server unreachable): status 0. */
export class NetworkError extends ApiError {
  constructor() {
    super('Network error. Please check your connection and try again.', 0);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send no token (sign-in). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

export const API_BASE = '/api';

let onUnauthorized: () => void = () => undefined;
/** The app decides where a signed-out user goes; the helper only reports it. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { headers, token } = callHeaders({
    json: options.body !== undefined,
    anonymous: options.anonymous,
  });

  const method = options.method ?? 'GET';
  const revalidates = method === 'GET' && token !== null;
  // A GET the page's inline script has already made is not made twice (early-answers.ts).
  const early = revalidates ? takeEarlyAnswer(path, token) : undefined;
  // A GET answered before is asked again with its tag: 304 means the kept answer still holds.
  const tag = revalidates && !early ? keptTag(token, path) : undefined;
  if (tag) headers['If-None-Match'] = tag;
  let response: Response;
  try {
    response = await (early ??
      fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }

  if (response.status === 304 && revalidates) {
    const kept = keptAnswer(token, path);
    // Dropped meanwhile (the copies are bounded): asked again without a tag.
    return kept ? (kept.payload as T) : apiRequest<T>(path, options);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failedCall(response, payload, token);
  const newTag = response.headers.get('ETag');
  if (revalidates && newTag) keepAnswer(token, path, newTag, payload);
  return payload as T;
}

/** The status line of an answer, from fetch's Response or an XMLHttpRequest. */
export interface AnswerStatus {
  status: number;
  statusText: string;
}

/** The headers every call sends: JSON accepted, and the bearer token unless anonymous. */
export function callHeaders(options: { json?: boolean; anonymous?: boolean | undefined } = {}): {
  headers: Record<string, string>;
  token: string | null;
} {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.json) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { headers, token };
}

/**
 * The error of a non-OK answer (SPEC.md section 8), whichever way it was fetched; a 401 on a call
 * that carried the session's token ends the session first (once: the other calls of the same
 * screen answer 401 too, and a call made with an older token must not end a newer session).
 * `payload` is the parsed JSON body, or null.
 */
export function failedCall(answer: AnswerStatus, payload: unknown, token: string | null): ApiError {
  if (answer.status === 401 && token && token === readToken()) {
    clearSession('revoked');
    onUnauthorized();
  }
  const body = (payload ?? {}) as { message?: unknown; errors?: FieldError[] };
  const serverMessage = typeof body.message === 'string' && body.message ? body.message : null;
  const message =
    serverMessage ??
    (answer.status ? `HTTP ${answer.status}: ${answer.statusText}` : 'API request failed');
  const fieldErrors = Array.isArray(body.errors) ? body.errors : [];
  return new ApiError(message, answer.status, fieldErrors, serverMessage);
}

/** The message to show for any failure, with a screen-specific fallback. */
export function errorMessage(error: unknown, fallback = 'API request failed'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
