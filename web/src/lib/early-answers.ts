/**
 * Answers asked for before the app's code arrived. For a signed-in visitor who opens a screen,
 * index.html's inline script (scripts/signed-in-preload.mjs) starts that screen's first GET
 * calls beside its code's downloads and leaves them on `window` under this key; on a slow phone
 * they are back before the code is. Each is taken once, by the first call for its path, and only
 * with the token it was asked with and while fresh.
 */
export const EARLY_ANSWERS_KEY = '__spmsEarlyAnswers';

/** What the inline script leaves. */
export interface EarlyAnswers {
  token: string;
  /** When they were asked for, Date.now(). */
  at: number;
  /** Per path under /api, fetch's promise. */
  answers: Record<string, Promise<Response> | undefined>;
}

/** Older than this, an answer is asked for again: the page may have been open a while. */
const FRESH_MS = 30_000;

/** The early answer for a GET of `path` made with `token`, once; otherwise undefined. */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWERS_KEY];
  const answer = early?.answers[path];
  if (!early || !answer) return undefined;
  delete early.answers[path];
  if (early.token !== token || Date.now() - early.at > FRESH_MS) return undefined;
  return answer;
}
