import { X } from 'lucide-react';
import { useState } from 'react';
import { orderStatuses, paymentMethods, paymentStatuses } from '@contract/orders';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useMessages } from '@/i18n/react';
import { useValidationMessage } from '@/i18n/validation';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { ListSearch } from '../list-search';
import { FILTER_FIELDS, type OrderFilters } from '../../lib/orders/order-filters';
import { paymentMethodLabel, paymentStatusLabel, statusLabel } from '../../lib/orders/order-text';

/**
 * The queue's filters: a choice or a day applies at once, the search when sent. Every change starts again at the
 * first page. `rangeError` is the server's rule broken by the two days.
 */
export function OrderFiltersForm({ filters, rangeError, onChange }: { filters: OrderFilters; rangeError?: string; onChange: (filters: OrderFilters) => void }) {
  const words = useMessages(backOfficeText);
  const text = useMessages(backOfficeOrdersText);
  const localize = useValidationMessage();
  const statusOptions = orderStatuses.map((value) => ({ value, label: statusLabel(words, value) }));
  const paymentStatusOptions = paymentStatuses.map((value) => ({ value, label: paymentStatusLabel(words, value) }));
  const paymentMethodOptions = paymentMethods.map((value) => ({ value, label: paymentMethodLabel(words, value) }));
  // Clearing empties the box too, even of a search typed and not yet sent.
  const [clears, setClears] = useState(0);
  const set = (changes: Partial<OrderFilters>) => onChange({ ...filters, ...changes, page: 1 });
  const choose = (field: 'status' | 'paymentStatus' | 'paymentMethod' | 'from' | 'to') => (event: { target: { value: string } }) =>
    set({ [field]: event.target.value || undefined });
  const filtered = FILTER_FIELDS.some((field) => filters[field]);

  return (
    <section aria-label={text.filters} className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:p-4">
      <ListSearch
        key={clears}
        label={text.search}
        showLabel
        placeholder={text.searchPlaceholder}
        buttonLabel={text.searchButton}
        search={filters.search}
        onSearch={(search) => set({ search: search || undefined })}
      />
      {/* Two columns from 320 px: the phone's filters stay short; the method's long names get a whole row. */}
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-5">
        <SelectField label={text.status} placeholder={text.any} options={statusOptions} value={filters.status ?? ''} onChange={choose('status')} />
        <SelectField
          label={text.paymentStatus}
          placeholder={text.any}
          options={paymentStatusOptions}
          value={filters.paymentStatus ?? ''}
          onChange={choose('paymentStatus')}
        />
        <SelectField
          className="col-span-2 xl:col-span-1"
          label={text.paymentMethod}
          placeholder={text.any}
          options={paymentMethodOptions}
          value={filters.paymentMethod ?? ''}
          onChange={choose('paymentMethod')}
        />
        <TextField label={text.from} type="date" value={filters.from ?? ''} max={filters.to} onChange={choose('from')} error={localize(rangeError)} />
        <TextField label={text.to} type="date" value={filters.to ?? ''} min={filters.from} onChange={choose('to')} />
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
            {text.clearFilters}
          </Button>
        </div>
      )}
    </section>
  );
}
