import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@contract/auth';
import { AUTH_KEY, TOKEN_KEY } from './storage-keys';

export type Session = { user: PublicUser | null; token: string | null; isLoading: boolean };

/** Persisted auth rehydration must finish within this time, or the app renders signed out. */
export const REHYDRATION_TIMEOUT_MS = 5000;

let state: Session = { user: null, token: null, isLoading: true };
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

function readPersisted(): Pick<Session, 'user' | 'token'> {
  try {
    const raw = localStorage.getItem(AUTH_KEY);
    if (!raw) return { user: null, token: null };
    const parsed = JSON.parse(raw) as Partial<Pick<Session, 'user' | 'token'>>;
    if (parsed.user && typeof parsed.token === 'string') return { user: parsed.user, token: parsed.token };
  } catch {
    localStorage.removeItem(AUTH_KEY);
  }
  return { user: null, token: null };
}

export const session = {
  get: (): Session => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Restores the persisted session; resolves when done, or after the time-out with no session.
   * `restore` is the read itself (local storage unless replaced); a read that throws counts as no session,
   * so the app always renders.
   */
  rehydrate(
    timeoutMs = REHYDRATION_TIMEOUT_MS,
    restore: () => Pick<Session, 'user' | 'token'> | Promise<Pick<Session, 'user' | 'token'>> = readPersisted,
  ): Promise<Session> {
    const signedOut = { user: null, token: null };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restored = Promise.resolve()
      .then(restore)
      .catch(() => signedOut);
    const timedOut = new Promise<Pick<Session, 'user' | 'token'>>((resolve) => {
      timer = setTimeout(() => resolve(signedOut), timeoutMs);
    });
    return Promise.race([restored, timedOut]).then(({ user, token }) => {
      clearTimeout(timer);
      const next = { user, token, isLoading: false };
      emit(next);
      return next;
    });
  },

  setUser(user: PublicUser, token: string) {
    const next = { user, token, isLoading: false };
    persist(next);
    localStorage.setItem(TOKEN_KEY, token);
    emit(next);
  },

  logout() {
    const next = { user: null, token: null, isLoading: false };
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

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
