import { createFileRoute } from '@tanstack/react-router';
import { LanguageSwitch } from '@/app/layout/language-switch';
import { AdminArea } from '@/features/back-office/pages/back-office-area';
import { requireRole } from '@/lib/guards';

/**
 * The admin's back office, admins only (signed out: sign in first; another role: /unauthorized), outside the
 * storefront's frame, in a chunk of its own. One route holds every screen (the rest of the path picks it), so the
 * shopper's route table, part of every first visit, carries one entry for the whole area.
 */
export const Route = createFileRoute('/admin/$')({
  beforeLoad: requireRole('admin'),
  component: () => <AdminArea languageSwitch={<LanguageSwitch />} />,
});
