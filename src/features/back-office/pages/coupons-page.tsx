import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { COUPON_CODE_MAX, couponListQuerySchema, type Coupon, type CouponListQuery } from '@contract/coupons';
import { formatCount, formatTakaPrecise } from '@contract/money';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { formatDateMdy } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useAdminWrite } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CouponForm } from '../components/coupon-form';
import { ListSearch } from '../components/list-search';
import { ListStates } from '../components/list-states';
import { Pager } from '../components/pager';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { couponKeys, couponListQuery } from '../lib/coupon-api';
import { shopDay } from '../lib/coupon-form';
import { listAddress, listQueryFrom } from '../lib/list-query';
import { screenLink, type ScreenProps } from '../lib/screens';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';

const TEXT = {
  title: 'Coupons',
  add: 'New coupon',
  search: 'Search by code',
  searchButton: 'Search',
  list: 'Coupons',
  pages: 'Coupon pages',
  empty: 'No coupons yet.',
  noMatch: (search: string) => `No coupon codes contain “${search}”.`,
  failed: 'The coupons could not be loaded. Try again.',
  offlineList: 'You are offline — showing the coupons as you saw them last.',
  offlineNever: 'The coupons have not been saved for offline use.',
  columns: { code: 'Code', discount: 'Discount', minOrder: 'Minimum order', valid: 'Valid', limits: 'Limits', used: 'Used' },
  percentOff: (value: number) => `${value}% off`,
  takaOff: (value: number) => `${formatTakaPrecise(value)} off`,
  anyOrder: 'Any order',
  always: 'Always',
  from: (day: string) => `From ${day}`,
  until: (day: string) => `Until ${day}`,
  between: (from: string, to: string) => `${from} to ${to}`,
  noLimits: 'No limits',
  total: (limit: number) => `${formatCount(limit)} in all`,
  perCustomer: (limit: number) => `${formatCount(limit)} per customer`,
  used: (count: number, limit: number | null) => (limit === null ? formatCount(count) : `${formatCount(count)} of ${formatCount(limit)}`),
  edit: 'Edit',
  delete: 'Delete',
  editTitle: (code: string) => `Edit the coupon ${code}`,
  deleteTitle: (code: string) => `Delete the coupon ${code}?`,
  deleteMessage: 'Shoppers can no longer use it. Orders already placed with it keep their discount.',
  deleted: (code: string) => `Coupon ${code} deleted`,
  deleteFailed: 'The coupon could not be deleted',
};

/** A day of the shop's calendar as the list shows it, e.g. 'Dec 31, 2026'. */
const shownDay = (iso: string) => formatDateMdy(`${shopDay(iso)}T12:00:00`);

function validity({ validFrom, validTo }: Coupon): string {
  if (validFrom && validTo) return TEXT.between(shownDay(validFrom), shownDay(validTo));
  if (validFrom) return TEXT.from(shownDay(validFrom));
  if (validTo) return TEXT.until(shownDay(validTo));
  return TEXT.always;
}

function limits({ usageLimit, perCustomerLimit }: Coupon): string {
  const parts = [usageLimit === null ? null : TEXT.total(usageLimit), perCustomerLimit === null ? null : TEXT.perCustomer(perCustomerLimit)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : TEXT.noLimits;
}

const COLUMNS: ListColumn<Coupon>[] = [
  // A code is up to 40 characters without a space: it breaks anywhere, so the table fits from 768 px.
  { key: 'code', header: TEXT.columns.code, primary: true, cell: (coupon) => <span className="break-all">{coupon.code}</span> },
  { key: 'discount', header: TEXT.columns.discount, cell: (coupon) => (coupon.kind === 'percent' ? TEXT.percentOff(coupon.value) : TEXT.takaOff(coupon.value)) },
  { key: 'minOrder', header: TEXT.columns.minOrder, cell: (coupon) => (coupon.minOrder === null ? TEXT.anyOrder : formatTakaPrecise(coupon.minOrder)) },
  { key: 'valid', header: TEXT.columns.valid, cell: validity },
  { key: 'limits', header: TEXT.columns.limits, cell: limits },
  { key: 'used', header: TEXT.columns.used, cell: (coupon) => TEXT.used(coupon.usedCount, coupon.usageLimit) },
];

/** The shop's coupons: search by code, a page at a time; create, edit and delete. */
export function CouponsPage({ area }: ScreenProps) {
  const query = listQueryFrom(couponListQuerySchema, useSearch({ strict: false }));
  const navigate = useNavigate();
  const show = (next: Partial<CouponListQuery>) =>
    void navigate({ ...screenLink(area, 'coupons'), search: listAddress({ search: query.search, page: query.page, ...next }) });
  const list = useQuery(couponListQuery(query));
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const deletion = useConfirmedDelete({
    remove: useAdminWrite((id: string) => ({ path: `/coupons/${encodeURIComponent(id)}`, method: 'DELETE' }), () => [couponKeys.all]),
    idOf: (coupon: Coupon) => coupon._id,
    failed: TEXT.deleteFailed,
    onDeleted: (coupon) => notify.success(TEXT.deleted(coupon.code)),
  });


  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={TEXT.title}>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-5" />
          {TEXT.add}
        </Button>
      </ScreenTitle>
      <ListSearch
        label={TEXT.search}
        buttonLabel={TEXT.searchButton}
        search={query.search}
        maxLength={COUPON_CODE_MAX}
        onSearch={(search) => show({ search, page: 1 })}
        className="max-w-xl"
      />
      <ListStates query={list} failed={TEXT.failed} notSaved={TEXT.offlineNever} offlineList={TEXT.offlineList}>
        {(page) => (
          <div>
            <ResponsiveList
              items={page.data}
              columns={COLUMNS}
              itemKey={(coupon) => coupon._id}
              label={TEXT.list}
              empty={query.search ? TEXT.noMatch(query.search) : TEXT.empty}
              actions={(coupon) => (
                <>
                  <Button variant="secondary" onClick={() => setEditing(coupon)} className="px-3">
                    {TEXT.edit}
                    <span className="sr-only"> {coupon.code}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => deletion.ask(coupon)} className="px-3 text-red-700 hover:bg-red-50">
                    {TEXT.delete}
                    <span className="sr-only"> {coupon.code}</span>
                  </Button>
                </>
              )}
            />
            <Pager page={page.page} pages={page.pages} total={page.total} label={TEXT.pages} onPageChange={(next) => show({ page: next })} />
          </div>
        )}
      </ListStates>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? TEXT.add : TEXT.editTitle(editing?.code ?? '')}>
        {editing && <CouponForm coupon={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={TEXT.deleteTitle(deletion.target?.code ?? '')}
        message={TEXT.deleteMessage}
        confirmLabel={TEXT.delete}
      />
    </div>
  );
}
