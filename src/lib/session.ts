import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@contract/auth';
import { AUTH_KEY, TOKEN_KEY } from './storage-keys';

export type Session = { user: PublicUser | null; token: string | null };

/** How every page is rendered on the server, and first hydrated in the browser: nobody is signed in. */
const SIGNED_OUT: Session = { user: null, token: null };

let state: Session = SIGNED_OUT;
const listeners = new Set<() => void>();

function emit(next: Session) {
  state = next;
  for (const listener of listeners) listener();
}

/** Only `user` and `token` are persisted under `auth`; the token also stands alone under `token`. */
function persist(session: Session) {
  if (session.user && session.token) {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ user: session.user, token: session.token }));
  } else {
    localStorage.removeItem(AUTH_KEY);
  }
}

function readPersisted(): Session {
  try {
    const raw = localStorage.getItem(AUTH_KEY);
    if (!raw) return SIGNED_OUT;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (parsed.user && typeof parsed.token === 'string') return { user: parsed.user, token: parsed.token };
    return SIGNED_OUT;
  } catch {
    // Unreadable (corrupt JSON) or unreachable (storage blocked): signed out, and a corrupt copy is not kept.
    try {
      localStorage.removeItem(AUTH_KEY);
    } catch {
      // Storage blocked altogether: nothing to remove.
    }
    return SIGNED_OUT;
  }
}

export const session = {
  get: (): Session => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Restores the persisted session from local storage, synchronously, before the router first loads: guards read it.
   * Storage that cannot be read counts as signed out.
   */
  restore(): Session {
    emit(readPersisted());
    return state;
  },

  setUser(user: PublicUser, token: string) {
    const next = { user, token };
    persist(next);
    localStorage.setItem(TOKEN_KEY, token);
    emit(next);
  },

  logout() {
    const next = SIGNED_OUT;
    persist(next);
    localStorage.removeItem(TOKEN_KEY);
    emit(next);
  },

  updateUser(fields: Partial<PublicUser>) {
    if (!state.user) return;
    const next = { ...state, user: { ...state.user, ...fields } };
    persist(next);
    emit(next);
  },

  updateToken(token: string) {
    const next = { ...state, token };
    persist(next);
    localStorage.setItem(TOKEN_KEY, token);
    emit(next);
  },
};

/**
 * The session, following every change. A server-rendered page is hydrated signed out, as the server rendered it
 * (it never sees the browser's storage), and shows the restored session right after.
 */
export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, () => SIGNED_OUT);
}
