import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { ok, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { notify } from './notify';
import { SAVED_QUERIES_KEY } from './saved-queries';
import { session } from './session';
import { useSignOut } from './use-sign-out';

// IndexedDB is not in jsdom: idb-keyval's store is a map here, the edge the saved cache is written to.
const saved = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => saved.get(key),
  set: async (key: string, value: unknown) => void saved.set(key, value),
  del: async (key: string) => void saved.delete(key),
}));

afterEach(() => {
  saved.clear();
});

function LogoutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Logout
    </button>
  );
}

describe('useSignOut', () => {
  it("drops the shopper's cached data and its saved copy, so it cannot be reopened offline", async () => {
    const user = signInAs('user');
    stubApi({ 'POST /api/user/logout': ok(null) });
    saved.set(SAVED_QUERIES_KEY, JSON.stringify({ clientState: { queries: [{ queryKey: ['orders', user._id] }] } }));
    const { queryClient, router } = await renderPage(<LogoutButton />, { at: '/user' });
    queryClient.setQueryData(['orders', user._id], [{ _id: 'o1' }]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getQueryData(['orders', user._id])).toBeUndefined();
    expect(saved.has(SAVED_QUERIES_KEY)).toBe(false);
    expect(session.get().user).toBeNull();
  });

  it('says so in the language on screen', async () => {
    signInAs('user');
    stubApi({ 'POST /api/user/logout': ok(null) });
    const success = vi.spyOn(notify, 'success');
    await act(() => setLocale('bn'));
    try {
      const { router } = await renderPage(<LogoutButton />, { at: '/user' });
      await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(success).toHaveBeenCalledWith('সফলভাবে লগ আউট হয়েছে');
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
