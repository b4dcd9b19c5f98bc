import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Logout, then the sign-in page. Its work (sign-out.ts) loads when a shopper signs out: every page has the button, few
 * visits press it, and the service worker keeps the chunk for a sign-out offline.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { signOut } = await import('./sign-out');
    await signOut(queryClient);
    await navigate({ to: '/login' });
  }, [navigate, queryClient]);
}
