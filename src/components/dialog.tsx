import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog (aria-labelledby); shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /** 'panel': a white card (a bottom sheet on a phone); 'fullscreen': a dark viewer, e.g. an image lightbox. */
  variant?: 'panel' | 'fullscreen';
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog: role="dialog" with aria-modal, focus moved into it on open, kept inside it by Tab, and given back
 * to whatever had it on close; Escape, the close button and a click on the backdrop close it. The page behind does
 * not scroll while it is open.
 */
export function Dialog({ open, onClose, title, hideTitle = false, variant = 'panel', className, children }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the open/close effect (which would move focus again) when it changes.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    panelRef.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const fullscreen = variant === 'fullscreen';
  return createPortal(
    <div className={cn('fixed inset-0 z-50 flex justify-center', fullscreen ? 'items-stretch' : 'items-end sm:items-center sm:p-4')}>
      {/* The backdrop is a mouse convenience; keyboard users have Escape and the close button. */}
      <div aria-hidden="true" className={cn('absolute inset-0', fullscreen ? 'bg-black/95' : 'bg-black/50')} onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-full flex-col focus:outline-none',
          fullscreen
            ? 'w-full text-white'
            : 'w-full overflow-y-auto rounded-t-xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] text-gray-900 shadow-xl sm:max-w-md sm:rounded-xl sm:pb-4',
          className,
        )}
      >
        <div className={cn('flex items-center justify-between gap-2', hideTitle && 'absolute top-2 right-2 z-10', !hideTitle && 'mb-3')}>
          <h2 id={titleId} className={cn('text-lg font-semibold', hideTitle && 'sr-only')}>
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label="Close dialog"
            className={cn(
              'inline-flex size-11 shrink-0 items-center justify-center rounded-full',
              fullscreen ? 'bg-black/60 text-white hover:bg-black/80' : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
