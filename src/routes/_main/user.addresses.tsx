import { createFileRoute } from '@tanstack/react-router';
import { AddressesPage } from '@/features/account/pages/addresses-page';

export const Route = createFileRoute('/_main/user/addresses')({
  component: AddressesPage,
});
