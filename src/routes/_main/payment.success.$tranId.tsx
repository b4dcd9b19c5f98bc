import { createFileRoute } from '@tanstack/react-router';
import { Page } from '@/components/page';

export const Route = createFileRoute('/_main/payment/success/$tranId')({
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { tranId } = Route.useParams();
  return (
    <Page title="Payment Successful">
      <p className="mt-2 text-gray-700">
        Transaction ID: <span className="font-mono break-all text-gray-900">{tranId}</span>
      </p>
    </Page>
  );
}
