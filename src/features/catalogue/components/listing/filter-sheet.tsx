import { SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { CountBadge } from '@/components/count-badge';
import { Dialog } from '@/components/dialog';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/**
 * The phone and tablet filter panel: a 'Filters' button with the active-filter count, opening a sheet that slides in
 * from the left.
 */
export function FilterSheet({ count, resultsLabel, children }: { count: number; resultsLabel: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const text = useMessages(catalogueText);

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {text.filters}
        <CountBadge count={count} className="ml-1" />
      </Button>
      <Dialog open={open} onClose={close} title={text.filters} closeLabel={text.closeFilters} variant="sheet">
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
        <div className="border-t border-gray-200 p-4">
          <Button className="w-full" onClick={close}>
            {resultsLabel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
