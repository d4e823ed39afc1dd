import { useCallback, useState } from 'react';
import { useSession } from '../../lib/session';

/**
 * Which dashboard toasts the person has closed, kept in sessionStorage for this sign-in: a
 * closed toast stays closed while they move around the app and come back, and shows again at
 * the next sign-in (a new token) or in a new tab. A toast's id carries what it says
 * ("bonus:3", "rank:1"), so news (a fourth bonus, a new rank) shows again.
 */
const STORAGE_KEY = 'spms.dismissed-toasts';

interface StoredDismissals {
  /** A hash of the session token: which sign-in these dismissals belong to. */
  session: string;
  ids: string[];
}

/** FNV-1a: enough to tell two sign-ins apart without keeping the token itself here. */
export function sessionFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

function read(session: string): string[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StoredDismissals;
    return stored?.session === session && Array.isArray(stored.ids) ? stored.ids : [];
  } catch {
    return [];
  }
}

function write(session: string, ids: string[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ session, ids }));
  } catch {
    // Storage full or refused: the toast still closes for as long as the page lives.
  }
}

export function useToastDismissals() {
  const { session } = useSession();
  const fingerprint = session ? sessionFingerprint(session.token) : '';
  const [state, setState] = useState(() => ({ fingerprint, ids: read(fingerprint) }));
  // A different sign-in in this tab starts with nothing dismissed.
  const ids = state.fingerprint === fingerprint ? state.ids : read(fingerprint);

  const dismiss = useCallback(
    (id: string) => {
      const next = [...new Set([...read(fingerprint), id])];
      write(fingerprint, next);
      setState({ fingerprint, ids: next });
    },
    [fingerprint],
  );
  const isDismissed = useCallback((id: string) => ids.includes(id), [ids]);
  return { isDismissed, dismiss };
}
