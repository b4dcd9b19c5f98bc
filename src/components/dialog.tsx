import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { useMessages } from '@/i18n/react';
import { shopText } from '@/messages/shop';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog (aria-labelledby); shown as its heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  /**
   * 'panel': a white card (a bottom sheet on a phone); 'sheet': a full-height panel from the left edge (filters);
   * 'fullscreen': a dark viewer, e.g. an image lightbox.
   */
  variant?: 'panel' | 'sheet' | 'fullscreen';
  /** The close button's name. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
};

const VARIANTS = {
  panel: {
    dialog:
      'mx-0 mt-auto mb-0 max-h-[calc(100dvh-1rem)] w-full max-w-none overflow-y-auto rounded-t-xl bg-white text-gray-900 shadow-xl backdrop:bg-black/50 sm:m-auto sm:max-w-md sm:rounded-xl',
    content: 'p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] sm:pb-4',
    header: 'mb-3',
    close: 'text-gray-700 hover:bg-gray-100',
  },
  sheet: {
    dialog:
      'm-0 h-dvh max-h-none w-[min(22rem,90vw)] max-w-none bg-white text-gray-900 backdrop:bg-black/40 transition-transform duration-200 starting:open:-translate-x-full motion-reduce:transition-none',
    content: 'flex h-full flex-col',
    header: 'border-b border-gray-200 px-4 py-2',
    close: 'text-gray-700 hover:bg-gray-100',
  },
  fullscreen: {
    dialog: 'm-0 h-dvh max-h-none w-full max-w-none bg-black/95 text-white backdrop:bg-black/95',
    content: 'flex h-full flex-col',
    header: '',
    close: 'bg-black/60 text-white hover:bg-black/80',
  },
} as const;

/**
 * A modal dialog on the browser's own <dialog>, opened with showModal(): the page behind is inert (no focus, no
 * clicks, hidden from assistive technology) and the browser moves focus into the dialog. Escape, the close button
 * and a click on the backdrop close it, and focus goes back to whatever had it before. Its content is rendered only
 * while it is open.
 */
export function Dialog({ open, onClose, title, hideTitle = false, variant = 'panel', closeLabel, className, children }: DialogProps) {
  const text = useMessages(shopText);
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const isOpen = useRef(open);
  // The latest onClose without re-running the open/close effect (which would move focus again) when it changes.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    isOpen.current = open;
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      isOpen.current = false;
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  const styles = VARIANTS[variant];
  return (
    // A click on the backdrop lands on the <dialog> itself, outside its content; the keyboard has Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape closes the <dialog> itself; its owner hears of it here.
      onClose={() => {
        if (isOpen.current) onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      className={cn('p-0', styles.dialog, className)}
    >
      {open && (
        <div className={styles.content}>
          <div className={cn('flex items-center justify-between gap-2', hideTitle ? 'absolute top-2 right-2 z-10' : styles.header)}>
            <h2 id={titleId} className={cn('text-lg font-bold', hideTitle && 'sr-only')}>
              {title}
            </h2>
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              aria-label={closeLabel ?? text.closeDialog}
              className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-full', styles.close)}
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
