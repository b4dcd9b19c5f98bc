import { createFileRoute } from '@tanstack/react-router';
import { StandaloneLayout } from '@/app/layout/standalone-layout';
import { UnauthorizedPage } from '@/components/unauthorized-page';

export const Route = createFileRoute('/unauthorized')({
  ssr: true,
  component: UnauthorizedRoute,
});

function UnauthorizedRoute() {
  return (
    <StandaloneLayout>
      <UnauthorizedPage />
    </StandaloneLayout>
  );
}
