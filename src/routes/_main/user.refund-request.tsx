import { createFileRoute } from '@tanstack/react-router';
import { RefundRequestPage } from '@/features/account/pages/refund-request-page';

export const Route = createFileRoute('/_main/user/refund-request')({
  component: RefundRequestPage,
});
