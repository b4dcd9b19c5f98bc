import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';

/**
 * The phone and tablet filter panel: a 'Filters' button with the active-filter count, opening a sheet that slides in
 * from the left. A native modal <dialog>: it moves focus in, keeps it there, closes on Escape and makes the page
 * behind inert; focus goes back to the button when it closes.
 */
export function FilterSheet({ count, resultsLabel, children }: { count: number; resultsLabel: string; children: ReactNode }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <Button ref={opener} variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {count > 0 && (
          <span className="ml-1 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-6 font-bold text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </Button>
      {/* A click on the backdrop closes the sheet; the keyboard way out is Escape (or the close button). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-modal="true"
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside the sheet) closes it.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="m-0 h-dvh max-h-none w-[min(22rem,90vw)] max-w-none bg-white p-0 backdrop:bg-black/40 transition-transform duration-200 starting:open:-translate-x-full motion-reduce:transition-none"
      >
        {open && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-gray-200 px-4 py-2">
              <h2 id={`${id}-title`} className="text-lg font-bold text-gray-900">
                Filters
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label="Close filters"
                className="flex size-11 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-4">{children}</div>
            <div className="border-t border-gray-200 p-4">
              <Button className="w-full" onClick={() => setOpen(false)}>
                {resultsLabel}
              </Button>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
