import { X } from 'lucide-react';
import { useState } from 'react';
import { orderStatuses, PAYMENT_METHOD_LABELS, paymentMethods, paymentStatuses } from '@contract/orders';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { ListSearch } from '../list-search';
import { FILTER_FIELDS, type OrderFilters } from '../../lib/orders/order-filters';
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from '../../lib/orders/order-text';

const TEXT = {
  legend: 'Filter orders',
  status: 'Status',
  paymentStatus: 'Payment status',
  paymentMethod: 'Payment method',
  any: 'Any',
  from: 'From',
  to: 'To',
  search: 'Search',
  searchPlaceholder: 'Order id, customer or phone',
  searchButton: 'Search orders',
  clear: 'Clear filters',
};

const STATUS_OPTIONS = orderStatuses.map((value) => ({ value, label: STATUS_LABELS[value] }));
const PAYMENT_STATUS_OPTIONS = paymentStatuses.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));
const PAYMENT_METHOD_OPTIONS = paymentMethods.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/**
 * The queue's filters: a choice or a day applies at once, the search when sent. Every change starts again at the
 * first page. `rangeError` is the server's rule broken by the two days.
 */
export function OrderFiltersForm({ filters, rangeError, onChange }: { filters: OrderFilters; rangeError?: string; onChange: (filters: OrderFilters) => void }) {
  // Clearing empties the box too, even of a search typed and not yet sent.
  const [clears, setClears] = useState(0);
  const set = (changes: Partial<OrderFilters>) => onChange({ ...filters, ...changes, page: 1 });
  const choose = (field: 'status' | 'paymentStatus' | 'paymentMethod' | 'from' | 'to') => (event: { target: { value: string } }) =>
    set({ [field]: event.target.value || undefined });
  const filtered = FILTER_FIELDS.some((field) => filters[field]);

  return (
    <section aria-label={TEXT.legend} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <ListSearch
        key={clears}
        label={TEXT.search}
        showLabel
        placeholder={TEXT.searchPlaceholder}
        buttonLabel={TEXT.searchButton}
        search={filters.search}
        onSearch={(search) => set({ search: search || undefined })}
      />
      {/* Two columns from 320 px: the phone's filters stay short; the method's long names get a whole row. */}
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-5">
        <SelectField label={TEXT.status} placeholder={TEXT.any} options={STATUS_OPTIONS} value={filters.status ?? ''} onChange={choose('status')} />
        <SelectField
          label={TEXT.paymentStatus}
          placeholder={TEXT.any}
          options={PAYMENT_STATUS_OPTIONS}
          value={filters.paymentStatus ?? ''}
          onChange={choose('paymentStatus')}
        />
        <SelectField
          className="col-span-2 xl:col-span-1"
          label={TEXT.paymentMethod}
          placeholder={TEXT.any}
          options={PAYMENT_METHOD_OPTIONS}
          value={filters.paymentMethod ?? ''}
          onChange={choose('paymentMethod')}
        />
        <TextField label={TEXT.from} type="date" value={filters.from ?? ''} max={filters.to} onChange={choose('from')} error={rangeError} />
        <TextField label={TEXT.to} type="date" value={filters.to ?? ''} min={filters.from} onChange={choose('to')} />
      </div>
      {filtered && (
        <div>
          <Button
            variant="ghost"
            className="px-3"
            onClick={() => {
              setClears(clears + 1);
              onChange({ page: 1 });
            }}
          >
            <X aria-hidden="true" className="size-5" />
            {TEXT.clear}
          </Button>
        </div>
      )}
    </section>
  );
}
