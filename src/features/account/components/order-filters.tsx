import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/button';
import { CountBadge } from '@/components/count-badge';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useOrderNames } from '@/components/order-parts';
import { useMessages } from '@/i18n/react';
import { accountText } from '@/messages/account';
import { activeFilterCount, chosen, dayRange, PAYMENT_METHOD_CHOICES, PAYMENT_STATUS_CHOICES, type OrderFilters } from '../lib/orders';

const CHOICE_KEYS = { unpaid: 'choiceUnpaid', paid: 'choicePaid', refunded: 'choiceRefunded' } as const;

/** My Orders' 'Filter' button: it shows and hides the panel, and says how many filters are on. */
export function FilterToggle({ open, onToggle, panelId, filters }: { open: boolean; onToggle: () => void; panelId: string; filters: OrderFilters }) {
  const count = activeFilterCount(filters);
  const text = useMessages(accountText);
  return (
    <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle} className="shrink-0 px-3">
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {text.filter}
      <CountBadge count={count} />
    </Button>
  );
}

type OrderFiltersPanelProps = {
  id: string;
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  onClear: () => void;
  /** 'Showing 2 of 6 orders': announced as the choices change the list below. */
  resultsLabel: string;
};

/**
 * The order date range, payment status and payment method. The list below follows every change at once, so the
 * panel has no Apply button; it stays in the page (not a dialog) so the shopper sees the orders it leaves.
 */
export function OrderFiltersPanel({ id, filters, onChange, onClear, resultsLabel }: OrderFiltersPanelProps) {
  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch });
  const { reversed } = dayRange(filters);
  const text = useMessages(accountText);
  const names = useOrderNames();
  const statusChoices = PAYMENT_STATUS_CHOICES.map(({ value }) => ({ value, label: text[CHOICE_KEYS[value]] }));
  const methodChoices = PAYMENT_METHOD_CHOICES.map(({ value }) => ({ value, label: names.method(value) }));
  return (
    <section id={id} aria-label={text.orderFilters} className="mt-3 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset className="grid min-w-0 gap-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-gray-900">{text.orderDate}</legend>
          <TextField label={text.from} type="date" value={filters.from} onChange={(event) => set({ from: event.target.value })} />
          <TextField label={text.to} type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
        </fieldset>
        <SelectField
          label={text.paymentStatus}
          id={`${id}-payment-status`}
          className="min-w-0 self-end"
          placeholder={text.any}
          options={statusChoices}
          value={filters.paymentStatus}
          onChange={(event) => set({ paymentStatus: chosen(PAYMENT_STATUS_CHOICES, event.target.value) })}
        />
        <SelectField
          label={text.paymentMethod}
          id={`${id}-payment-method`}
          className="min-w-0 self-end"
          placeholder={text.any}
          options={methodChoices}
          value={filters.paymentMethod}
          onChange={(event) => set({ paymentMethod: chosen(PAYMENT_METHOD_CHOICES, event.target.value) })}
        />
      </div>
      {reversed && <p className="mt-2 text-sm text-gray-700">{text.datesReversed}</p>}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-gray-800">
          {resultsLabel}
        </p>
        {/* Never disabled: a disabled button would drop the focus of whoever just pressed it. */}
        <Button variant="ghost" onClick={onClear} className="px-3">
          {text.clearFilters}
        </Button>
      </div>
    </section>
  );
}
