import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { setSessionExpiredHandler } from '@/lib/api';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { AppToaster } from './toaster';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    const queryClient = createQueryClient();
    return { queryClient, router: createAppRouter(queryClient) };
  });
  // In an effect, not in the state initialiser: StrictMode runs the initialiser twice and keeps the
  // first result, so a handler set there would point at the discarded second router.
  useEffect(() => {
    setSessionExpiredHandler(() => {
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
    });
  }, [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
