import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { cn } from '@/components/cn';

/** Where an image that failed to load would be. */
export function FailedImage({ className }: { className?: string }) {
  return (
    <div role="img" aria-label="Failed to load" className={cn('flex flex-col items-center justify-center gap-2 bg-gray-100 text-gray-600', className)}>
      <ImageOff aria-hidden="true" className="size-10" />
      <span aria-hidden="true" className="text-sm">
        Failed to load
      </span>
    </div>
  );
}

const arrowClass =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white';

/** Previous and next over the sides of a slide; `wide` keeps them further in from the edges from the `sm` width. */
export function SlideArrows({ onPrevious, onNext, wide = false }: { onPrevious: () => void; onNext: () => void; wide?: boolean }) {
  return (
    <>
      <button type="button" onClick={onPrevious} aria-label="Previous image" className={cn(arrowClass, wide ? 'left-0 sm:left-4' : 'left-2')}>
        <ChevronLeft aria-hidden="true" className="size-6" />
      </button>
      <button type="button" onClick={onNext} aria-label="Next image" className={cn(arrowClass, wide ? 'right-0 sm:right-4' : 'right-2')}>
        <ChevronRight aria-hidden="true" className="size-6" />
      </button>
    </>
  );
}
