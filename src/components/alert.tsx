import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** An inline red box for a server error; role="alert" makes screen readers announce it as it appears. */
export function Alert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn('flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
