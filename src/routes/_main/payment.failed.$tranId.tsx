import { createFileRoute } from '@tanstack/react-router';
import { Page } from '@/components/page';

export const Route = createFileRoute('/_main/payment/failed/$tranId')({
  component: () => <Page title="Payment Failed" />,
});
