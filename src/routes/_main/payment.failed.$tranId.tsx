import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultPage } from '@/features/checkout/pages/payment-result-page';

export const Route = createFileRoute('/_main/payment/failed/$tranId')({
  component: PaymentFailedRoute,
});

function PaymentFailedRoute() {
  const { tranId } = Route.useParams();
  return <PaymentResultPage outcome="failed" tranId={tranId} />;
}
