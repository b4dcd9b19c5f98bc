import { PageHead } from '@/components/page-head';

const TITLE = 'Seller';

/** `/seller` before the seller's screens are listed in its menu. */
export function SellerStart() {
  return (
    <div className="flex flex-col gap-2">
      <PageHead title={TITLE} />
      <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
      <p className="text-gray-700">Your products and the orders that contain them will be managed here.</p>
    </div>
  );
}
