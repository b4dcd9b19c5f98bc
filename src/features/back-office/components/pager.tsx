import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/button';
import { useFormat, useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';

export type PagerProps = {
  /** 1-based, as the server counts pages. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation, e.g. 'Orders pages'. */
  label: string;
  /** Every item on all pages, when the server says. */
  total?: number;
};

/** Previous and next for a list the server pages; nothing when everything fits on one page. */
export function Pager({ page, pages, onPageChange, label, total }: PagerProps) {
  const text = useMessages(backOfficeText);
  const format = useFormat();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)} className="px-3">
        <ChevronLeft aria-hidden="true" className="size-5" />
        {text.previous}
      </Button>
      <p aria-live="polite" className="text-sm text-gray-700">
        {text.pageOf(format.count(page), format.count(pages))}
        {total !== undefined && <span> · {text.inAll(format.count(total))}</span>}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)} className="px-3">
        {text.next}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
  );
}
