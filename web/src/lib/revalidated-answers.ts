/**
 * The last answer of each signed-in GET with its `ETag`, kept in memory so that the next call
 * to the same path can ask the server `If-None-Match` and take this copy on `304 Not Modified`
 * (server/src/plugins/etag.ts). Answers are `no-store`, so the browser keeps none itself; this
 * copy lives only as long as the page. Keyed by the session's token as well: another account
 * signed in on the same page never sees it.
 */
const MAX_ANSWERS = 200;

interface Kept {
  tag: string;
  payload: unknown;
}

const answers = new Map<string, Kept>();

const keyOf = (token: string, path: string) => `${token} ${path}`;

/** The tag to revalidate this call with, if an answer to it is kept. */
export function keptTag(token: string, path: string): string | undefined {
  return answers.get(keyOf(token, path))?.tag;
}

/** The kept answer of a call the server answered 304 (undefined if it is not kept after all). */
export function keptAnswer(token: string, path: string): Kept | undefined {
  const key = keyOf(token, path);
  const kept = answers.get(key);
  if (kept) {
    // The most recently used last: the first is the one to drop when full.
    answers.delete(key);
    answers.set(key, kept);
  }
  return kept;
}

export function keepAnswer(token: string, path: string, tag: string, payload: unknown): void {
  const key = keyOf(token, path);
  answers.delete(key);
  answers.set(key, { tag, payload });
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value!);
}

/** Forgets every kept answer (sign-out). */
export function forgetAnswers(): void {
  answers.clear();
}
