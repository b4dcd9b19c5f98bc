import { cn } from './cn';

/** A grey placeholder; give it the size of what it stands for so nothing jumps when the content arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-gray-200', className)} />;
}
