import { createFileRoute } from '@tanstack/react-router';
import { LanguageSwitch } from '@/app/layout/language-switch';
import { SellerArea } from '@/features/back-office/pages/back-office-area';
import { requireRole } from '@/lib/guards';

/** The seller's back office, sellers only, one route for every screen like the admin's. */
export const Route = createFileRoute('/seller/$')({
  beforeLoad: requireRole('seller'),
  component: () => <SellerArea languageSwitch={<LanguageSwitch />} />,
});
