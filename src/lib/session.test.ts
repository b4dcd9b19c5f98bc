import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER } from '@/test/fixtures';
import { REHYDRATION_TIMEOUT_MS, session, useSession } from './session';

const user = CUSTOMER;

const stored = () => JSON.parse(localStorage.getItem('auth') ?? 'null') as unknown;

beforeEach(() => {
  session.logout();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session store', () => {
  it('setUser keeps the user signed in and persists only { user, token } under "auth" and the token under "token"', () => {
    session.setUser(user, 'tok-1');

    expect(session.get()).toEqual({ user, token: 'tok-1', isLoading: false });
    expect(stored()).toStrictEqual({ user, token: 'tok-1' });
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('logout clears the session and both storage keys', () => {
    session.setUser(user, 'tok-1');
    session.logout();

    expect(session.get()).toEqual({ user: null, token: null, isLoading: false });
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

    expect(session.get()).toEqual({ user, token: 'tok-2', isLoading: false });
    expect(stored()).toStrictEqual({ user, token: 'tok-2' });
    expect(localStorage.getItem('token')).toBe('tok-2');
  });

  it('useSession re-renders with every change', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.user).toBeNull();

    act(() => session.setUser(user, 'tok-1'));
    expect(result.current).toEqual({ user, token: 'tok-1', isLoading: false });

    act(() => session.logout());
    expect(result.current.token).toBeNull();
  });
});

describe('session.rehydrate', () => {
  it('restores the persisted user and token', async () => {
    localStorage.setItem('auth', JSON.stringify({ user, token: 'tok-9' }));

    await expect(session.rehydrate()).resolves.toEqual({ user, token: 'tok-9', isLoading: false });
    expect(session.get()).toEqual({ user, token: 'tok-9', isLoading: false });
  });

  it('treats unreadable stored auth as signed out and removes it', async () => {
    localStorage.setItem('auth', '{not json');

    await expect(session.rehydrate()).resolves.toEqual({ user: null, token: null, isLoading: false });
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('resolves signed out after the time-out when the restore never completes', async () => {
    vi.useFakeTimers();
    localStorage.setItem('auth', JSON.stringify({ user, token: 'tok-9' }));
    let settled = false;
    const done = session.rehydrate(REHYDRATION_TIMEOUT_MS, () => new Promise(() => {})).then((result) => {
      settled = true;
      return result;
    });

    await vi.advanceTimersByTimeAsync(REHYDRATION_TIMEOUT_MS - 1);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual({ user: null, token: null, isLoading: false });
    expect(session.get()).toEqual({ user: null, token: null, isLoading: false });
  });

  it('resolves signed out, not rejected, when reading storage throws', async () => {
    const result = await session.rehydrate(REHYDRATION_TIMEOUT_MS, () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(result).toEqual({ user: null, token: null, isLoading: false });
  });

  it('does not sign the user out when the time-out passes after a completed restore', async () => {
    vi.useFakeTimers();
    localStorage.setItem('auth', JSON.stringify({ user, token: 'tok-9' }));

    await session.rehydrate();
    await vi.advanceTimersByTimeAsync(REHYDRATION_TIMEOUT_MS * 2);

    expect(session.get()).toEqual({ user, token: 'tok-9', isLoading: false });
  });
});
