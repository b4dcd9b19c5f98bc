import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { cn } from '@/components/cn';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

/** Where an image that failed to load would be. */
export function FailedImage({ className }: { className?: string }) {
  const text = useMessages(productText);
  return (
    <div role="img" aria-label={text.failedToLoad} className={cn('flex flex-col items-center justify-center gap-2 bg-gray-100 text-gray-600', className)}>
      <ImageOff aria-hidden="true" className="size-10" />
      <span aria-hidden="true" className="text-sm">
        {text.failedToLoad}
      </span>
    </div>
  );
}

const arrowClass =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white';

/** Previous and next over the sides of a slide; `wide` keeps them further in from the edges from the `sm` width. */
export function SlideArrows({ onPrevious, onNext, wide = false }: { onPrevious: () => void; onNext: () => void; wide?: boolean }) {
  const text = useMessages(productText);
  return (
    <>
      <button type="button" onClick={onPrevious} aria-label={text.previousImage} className={cn(arrowClass, wide ? 'left-0 sm:left-4' : 'left-2')}>
        <ChevronLeft aria-hidden="true" className="size-6" />
      </button>
      <button type="button" onClick={onNext} aria-label={text.nextImage} className={cn(arrowClass, wide ? 'right-0 sm:right-4' : 'right-2')}>
        <ChevronRight aria-hidden="true" className="size-6" />
      </button>
    </>
  );
}
