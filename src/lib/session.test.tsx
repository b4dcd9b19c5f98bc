import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { CUSTOMER } from '@/test/fixtures';
import { session, useSession } from './session';

const user = CUSTOMER;

const stored = () => JSON.parse(localStorage.getItem('auth') ?? 'null') as unknown;

beforeEach(() => {
  session.logout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('setUser keeps the user signed in and persists only { user, token } under "auth" and the token under "token"', () => {
    session.setUser(user, 'tok-1');

    expect(session.get()).toEqual({ user, token: 'tok-1' });
    expect(stored()).toStrictEqual({ user, token: 'tok-1' });
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('logout clears the session and both storage keys', () => {
    session.setUser(user, 'tok-1');
    session.logout();

    expect(session.get()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('updateUser merges fields into the user and persists the result', () => {
    session.setUser(user, 'tok-1');
    session.updateUser({ name: 'Rahim U.', address: 'Mirpur 10, Dhaka' });

    const merged = { ...user, name: 'Rahim U.', address: 'Mirpur 10, Dhaka' };
    expect(session.get().user).toEqual(merged);
    expect(session.get().token).toBe('tok-1');
    expect(stored()).toStrictEqual({ user: merged, token: 'tok-1' });
  });

  it('updateUser without a signed-in user changes nothing', () => {
    session.updateUser({ name: 'Nobody' });
    expect(session.get().user).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('updateToken replaces and saves the token, keeping the user', () => {
    session.setUser(user, 'tok-1');
    session.updateToken('tok-2');

    expect(session.get()).toEqual({ user, token: 'tok-2' });
    expect(stored()).toStrictEqual({ user, token: 'tok-2' });
    expect(localStorage.getItem('token')).toBe('tok-2');
  });

  it('useSession re-renders with every change', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.user).toBeNull();

    act(() => session.setUser(user, 'tok-1'));
    expect(result.current).toEqual({ user, token: 'tok-1' });

    act(() => session.logout());
    expect(result.current.token).toBeNull();
  });
});

describe('session.restore', () => {
  it('restores the persisted user and token at once', () => {
    localStorage.setItem('auth', JSON.stringify({ user, token: 'tok-9' }));

    expect(session.restore()).toEqual({ user, token: 'tok-9' });
    expect(session.get()).toEqual({ user, token: 'tok-9' });
  });

  it('treats unreadable stored auth as signed out and removes it', () => {
    localStorage.setItem('auth', '{not json');

    expect(session.restore()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('counts storage that cannot be read as signed out', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(session.restore()).toEqual({ user: null, token: null });
  });
});

describe('useSession while hydrating a server-rendered page', () => {
  it('renders signed out first, as the server did, then the restored session', async () => {
    localStorage.setItem('auth', JSON.stringify({ user, token: 'tok-9' }));
    session.restore();
    const container = document.createElement('div');
    container.innerHTML = '<p>signed out</p>';
    document.body.append(container);
    const seen: string[] = [];
    function Who() {
      const { user: current } = useSession();
      seen.push(current ? 'signed in' : 'signed out');
      return <p>{current ? 'signed in' : 'signed out'}</p>;
    }
    await act(async () => {
      hydrateRoot(container, <Who />);
    });
    expect(seen).toEqual(['signed out', 'signed in']);
    expect(container.textContent).toBe('signed in');
    container.remove();
  });
});
