import type { SessionUser } from '#contract/auth';
import { forgetAnswers } from './revalidated-answers';

/** SPEC.md section 3: the session is a token and a user record held in local storage. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
/** Set when the server stopped accepting the session, so the sign-in page can say why. */
const ENDED_KEY = 'session_ended';

export interface StoredSession {
  token: string;
  user: SessionUser;
}

export function readSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    if (!token || !user) return null;
    return { token, user: JSON.parse(user) as SessionUser };
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  localStorage.removeItem(ENDED_KEY);
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

/**
 * Ends the session: the person signed out ('signed-out'), or the server answered 401 to its
 * token ('revoked': the password or role changed, the account was deleted), which the sign-in
 * page then says. The mark is written before the token goes, so another tab that follows the
 * token's removal to the sign-in page already finds it; the next sign-in or sign-out clears it.
 */
export function clearSession(reason: 'signed-out' | 'revoked' = 'signed-out'): void {
  if (reason === 'revoked') localStorage.setItem(ENDED_KEY, '1');
  else localStorage.removeItem(ENDED_KEY);
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  forgetAnswers();
  notify();
}

/** Whether the last session ended because the server stopped accepting it. */
export function sessionWasRevoked(): boolean {
  try {
    return localStorage.getItem(ENDED_KEY) !== null;
  } catch {
    return false;
  }
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export const SESSION_STORAGE_KEYS = [TOKEN_KEY, USER_KEY];

// Same-tab listeners (the browser's `storage` event only fires in other tabs).
const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
