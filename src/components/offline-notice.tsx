import { WifiOff } from 'lucide-react';
import { cn } from './cn';

const OFFLINE_TITLE = 'You are offline';
const PAGE_NOT_SAVED = 'This page has not been saved for offline use. Connect to the internet to see it.';

type OfflineNoticeProps = {
  detail?: string;
  /** One line, for a block inside a page. */
  compact?: boolean;
  /** The heading level of the full notice: h1 where it stands for a whole page. */
  heading?: 'h1' | 'h2';
  className?: string;
};

/**
 * Stands where content would be when it was never loaded and there is no connection to load it: says so, instead of
 * a loading state that would never end.
 */
export function OfflineNotice({ detail = PAGE_NOT_SAVED, compact = false, heading: Heading = 'h2', className }: OfflineNoticeProps) {
  if (compact) {
    return (
      <p role="status" className={cn('flex items-start gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800', className)}>
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-semibold">{OFFLINE_TITLE}.</span> {detail}
        </span>
      </p>
    );
  }
  return (
    <div role="status" className={cn('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center', className)}>
      <WifiOff aria-hidden="true" className="size-12 text-gray-500" />
      <Heading className="mt-3 text-lg font-bold text-gray-900">{OFFLINE_TITLE}</Heading>
      <p className="mt-1 text-gray-700">{detail}</p>
    </div>
  );
}
