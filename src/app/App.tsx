import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { setSessionExpiredHandler } from '@/lib/api';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { AppToaster } from './toaster';

export function App() {
  const [{ queryClient, router }] = useState(() => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient);
    setSessionExpiredHandler(() => {
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
    });
    return { queryClient, router };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  );
}
