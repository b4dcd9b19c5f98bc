import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '@/lib/guards';

/** The customer area: customers only; its screens render in this route's outlet. */
export const Route = createFileRoute('/_main/user')({
  beforeLoad: requireRole('user'),
});
