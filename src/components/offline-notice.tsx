import { WifiOff } from 'lucide-react';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';
import { cn } from './cn';

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
export function OfflineNotice({ detail, compact = false, heading: Heading = 'h2', className }: OfflineNoticeProps) {
  const text = useMessages(shopText);
  if (compact) {
    return (
      <p role="status" className={cn('flex items-start gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-800', className)}>
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-semibold">{text.offlineTitle}.</span> {detail ?? text.pageNotSaved}
        </span>
      </p>
    );
  }
  return (
    <div role="status" className={cn('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center', className)}>
      <WifiOff aria-hidden="true" className="size-12 text-gray-500" />
      <Heading className="mt-3 text-lg font-bold text-gray-900">{text.offlineTitle}</Heading>
      <p className="mt-1 text-gray-700">{detail ?? text.pageNotSaved}</p>
    </div>
  );
}
