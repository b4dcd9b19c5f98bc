import { createFileRoute } from '@tanstack/react-router';
import { MainLayout } from '@/app/layout/main-layout';

export const Route = createFileRoute('/_main')({
  component: MainLayout,
});
