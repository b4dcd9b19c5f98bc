import { createFileRoute, Outlet } from '@tanstack/react-router';
import { LanguageSwitch } from '@/app/layout/language-switch';
import { InstallApp } from '@/app/pwa/install-app';
import { AccountLayout } from '@/features/account/components/account-layout';
import { requireRole } from '@/lib/guards';

/** The customer area: customers only; its screens render beside the side menu. */
export const Route = createFileRoute('/_main/user')({
  beforeLoad: requireRole('user'),
  component: UserArea,
});

function UserArea() {
  return (
    <AccountLayout installApp={<InstallApp />} languageSwitch={<LanguageSwitch className="mt-2 w-full justify-start px-3 text-base" />}>
      <Outlet />
    </AccountLayout>
  );
}
