import { createFileRoute } from '@tanstack/react-router';
import { Page } from '@/components/page';

export const Route = createFileRoute('/_main/products/$id')({
  component: () => <Page title="Product Details" />,
});
