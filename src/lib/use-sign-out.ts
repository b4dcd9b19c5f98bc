import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notify } from './notify';
import { api } from './api';
import { clearCart } from './cart';
import { forgetSavedQueries } from './saved-queries';
import { session } from './session';

/**
 * Logout: revoke the refresh token on the server, end the local session, drop the saved cart and the cached user data,
 * in memory and its saved copy (which would otherwise open offline for whoever uses the phone next).
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api('/user/logout', { method: 'POST' });
    } catch {
      // Offline or already revoked: the local session ends all the same.
    }
    session.logout();
    clearCart();
    queryClient.clear();
    await forgetSavedQueries();
    notify.success('Logged out successfully');
    await navigate({ to: '/login' });
  }, [navigate, queryClient]);
}
