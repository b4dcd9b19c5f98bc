import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BackOfficeLayout } from '@/features/back-office/components/back-office-layout';
import { SELLER_SCREENS } from '@/features/back-office/lib/screens';
import { SellerStart } from '@/features/back-office/pages/seller-start';
import { requireRole } from '@/lib/guards';

/** The seller's back office: sellers only (signed out: sign in first; another role: /unauthorized); outside the storefront frame. */
export const Route = createFileRoute('/seller')({
  beforeLoad: requireRole('seller'),
  component: SellerArea,
});

function SellerArea() {
  return (
    <BackOfficeLayout title="haat seller" root="/seller" screens={SELLER_SCREENS} start={<SellerStart />}>
      <Outlet />
    </BackOfficeLayout>
  );
}
