import { createFileRoute } from '@tanstack/react-router';
import { PaymentResultPage } from '@/features/checkout/pages/payment-result-page';

export const Route = createFileRoute('/_main/payment/success/$tranId')({
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { tranId } = Route.useParams();
  return <PaymentResultPage outcome="success" tranId={tranId} />;
}
