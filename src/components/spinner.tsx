import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

/** A spinning loader. With a label it is announced as a status; without one it is decoration beside visible text. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-5 shrink-0 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
