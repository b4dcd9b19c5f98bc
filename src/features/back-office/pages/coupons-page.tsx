import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { COUPON_CODE_MAX, couponListQuerySchema, type Coupon, type CouponListQuery } from '@contract/coupons';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useFormat, useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { backOfficePeopleText } from '@/messages/back-office-people';
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
import { useOpenScreen, type ScreenProps } from '../lib/screens';
import { useConfirmedDelete } from '../lib/use-confirmed-delete';

/** The coupon list's columns, in the language on screen. */
function useColumns(): ListColumn<Coupon>[] {
  const text = useMessages(backOfficePeopleText);
  const format = useFormat();
  /** A day of the shop's calendar as the list shows it, e.g. 'Dec 31, 2026'. */
  const shownDay = (iso: string) => format.dateMdy(`${shopDay(iso)}T12:00:00`);
  const validity = ({ validFrom, validTo }: Coupon): string => {
    if (validFrom && validTo) return text.between(shownDay(validFrom), shownDay(validTo));
    if (validFrom) return text.validFromDay(shownDay(validFrom));
    if (validTo) return text.validUntilDay(shownDay(validTo));
    return text.always;
  };
  const limits = ({ usageLimit, perCustomerLimit }: Coupon): string => {
    const parts = [
      usageLimit === null ? null : text.inAll(format.count(usageLimit)),
      perCustomerLimit === null ? null : text.perCustomer(format.count(perCustomerLimit)),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : text.noLimits;
  };
  const used = (count: number, limit: number | null) => (limit === null ? format.count(count) : text.usedOf(format.count(count), format.count(limit)));
  return [
    // A code is up to 40 characters without a space: it breaks anywhere, so the table fits from 768 px.
    { key: 'code', header: text.code, primary: true, cell: (coupon) => <span className="break-all">{coupon.code}</span> },
    {
      key: 'discount',
      header: text.discount,
      cell: (coupon) => (coupon.kind === 'percent' ? text.percentOff(format.count(coupon.value)) : text.takaOff(format.takaPrecise(coupon.value))),
    },
    { key: 'minOrder', header: text.minimumOrder, cell: (coupon) => (coupon.minOrder === null ? text.anyOrder : format.takaPrecise(coupon.minOrder)) },
    { key: 'valid', header: text.valid, cell: validity },
    { key: 'limits', header: text.limits, cell: limits },
    { key: 'used', header: text.used, cell: (coupon) => used(coupon.usedCount, coupon.usageLimit) },
  ];
}

/** The shop's coupons: search by code, a page at a time; create, edit and delete. */
export function CouponsPage({ area }: ScreenProps) {
  const text = useMessages(backOfficePeopleText);
  const columns = useColumns();
  const query = listQueryFrom(couponListQuerySchema, useSearch({ strict: false }));
  const openScreen = useOpenScreen();
  const show = (next: Partial<CouponListQuery>) =>
    void openScreen(area, 'coupons', { search: listAddress({ search: query.search, page: query.page, ...next }) });
  const list = useQuery(couponListQuery(query));
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const deletion = useConfirmedDelete({
    remove: useAdminWrite(
      (id: string) => ({ path: `/coupons/${encodeURIComponent(id)}`, method: 'DELETE' }),
      () => [couponKeys.all],
    ),
    idOf: (coupon: Coupon) => coupon._id,
    failed: text.couponDeleteFailed,
    onDeleted: (coupon) => notify.success(text.couponDeleted(coupon.code)),
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.couponsTitle}>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-5" />
          {text.newCoupon}
        </Button>
      </ScreenTitle>
      <ListSearch
        label={text.searchByCode}
        buttonLabel={text.search}
        search={query.search}
        maxLength={COUPON_CODE_MAX}
        onSearch={(search) => show({ search, page: 1 })}
        className="max-w-xl"
      />
      <ListStates query={list} failed={text.couponsFailed} notSaved={text.couponsNotSaved} offlineList={text.couponsOffline}>
        {(page) => (
          <div>
            <ResponsiveList
              items={page.data}
              columns={columns}
              itemKey={(coupon) => coupon._id}
              label={text.coupons}
              empty={query.search ? text.noMatch(query.search) : text.noCoupons}
              actions={(coupon) => (
                <>
                  <Button variant="secondary" onClick={() => setEditing(coupon)} className="px-3">
                    {text.edit}
                    <span className="sr-only"> {coupon.code}</span>
                  </Button>
                  <Button variant="ghost" onClick={() => deletion.ask(coupon)} className="px-3 text-red-700 hover:bg-red-50">
                    {text.delete}
                    <span className="sr-only"> {coupon.code}</span>
                  </Button>
                </>
              )}
            />
            <Pager page={page.page} pages={page.pages} total={page.total} label={text.couponPages} onPageChange={(next) => show({ page: next })} />
          </div>
        )}
      </ListStates>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? text.newCoupon : text.editCoupon(editing?.code ?? '')}>
        {editing && <CouponForm coupon={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog {...deletion.dialog} title={text.deleteCoupon(deletion.target?.code ?? '')} message={text.deleteCouponText} confirmLabel={text.delete} />
    </div>
  );
}
