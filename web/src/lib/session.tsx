import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { LoginResult, SessionUser } from '#contract/auth';
import {
  SESSION_STORAGE_KEYS,
  clearSession,
  onSessionChange,
  readSession,
  writeSession,
  type StoredSession,
} from './session-storage';

interface SessionContextValue {
  session: StoredSession | null;
  user: SessionUser | null;
  signIn(result: LoginResult): void;
  signOut(): void;
  /** A password change answers a fresh token; the old ones are revoked. */
  replaceToken(token: string): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

let cached: { raw: string | null; session: StoredSession | null } = { raw: null, session: null };
function snapshot(): StoredSession | null {
  const raw = SESSION_STORAGE_KEYS.map((key) => localStorage.getItem(key)).join('\u0000');
  if (raw !== cached.raw) cached = { raw, session: readSession() };
  return cached.session;
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_STORAGE_KEYS.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  const unsubscribe = onSessionChange(listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    unsubscribe();
  };
}

/** The signed-in session, kept in local storage and shared by every tab. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribe, snapshot);
  const signIn = useCallback((result: LoginResult) => writeSession(result), []);
  const signOut = useCallback(() => clearSession(), []);
  const replaceToken = useCallback(
    (token: string) => {
      if (session) writeSession({ ...session, token });
    },
    [session],
  );
  const value = useMemo(
    () => ({ session, user: session?.user ?? null, signIn, signOut, replaceToken }),
    [session, signIn, signOut, replaceToken],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
