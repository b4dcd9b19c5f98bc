import { createFileRoute } from '@tanstack/react-router';
import { loadFirstReads } from '@/app/first-reads';
import { logoQuery } from '@/app/layout/logo';
import { MainLayout } from '@/app/layout/main-layout';

export const Route = createFileRoute('/_main')({
  ssr: true,
  loader: async ({ context }) => {
    await loadFirstReads(context.queryClient, [logoQuery]);
  },
  component: MainLayout,
});
