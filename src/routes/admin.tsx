import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BackOfficeLayout } from '@/features/back-office/components/back-office-layout';
import { ADMIN_SCREENS } from '@/features/back-office/lib/screens';
import { requireRole } from '@/lib/guards';

/** The admin's back office: admins only (signed out: sign in first; another role: /unauthorized); outside the storefront frame. */
export const Route = createFileRoute('/admin')({
  beforeLoad: requireRole('admin'),
  component: AdminArea,
});

function AdminArea() {
  return (
    <BackOfficeLayout title="haat admin" root="/admin" screens={ADMIN_SCREENS}>
      <Outlet />
    </BackOfficeLayout>
  );
}
