import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '@/features/back-office/pages/categories-page';

export const Route = createFileRoute('/admin/categories')({
  component: CategoriesPage,
});
