import type { SessionUser } from '#contract/auth';

/** SPEC.md section 3: the session is a token and a user record held in local storage. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

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
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
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
