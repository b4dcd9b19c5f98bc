import { orderNumber } from '@contract/order-number';
import { returnStatuses, type AdminReturn, type ReturnPickup, type ReturnReason, type ReturnStatus } from '@contract/returns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/select-field';
import { Tabs } from '@/components/tabs';
import { TextField } from '@/components/text-field';
import { nameIn } from '@contract/bangla-names';
import { useFormat, useMessages } from '@/i18n/react';
import { api } from '@/lib/api';
import { useApiMessage } from '@/lib/api-message';
import { notify } from '@/lib/notify';
import { refundDestination } from '@/lib/refund-methods';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import type orderTexts from '@/messages/back-office-orders/en';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import type { ScreenProps } from '../lib/screens';

type OrderTexts = typeof orderTexts;

const STATUS_KEYS = {
  requested: 'returnRequested',
  approved: 'returnApproved',
  received: 'returnReceived',
  refunded: 'returnRefunded',
  rejected: 'returnRejected',
} as const satisfies Record<ReturnStatus, keyof OrderTexts>;
const REASON_KEYS = {
  damaged: 'returnReasonDamaged',
  'wrong-item': 'returnReasonWrongItem',
  'wrong-size': 'returnReasonWrongSize',
  'not-as-described': 'returnReasonNotAsDescribed',
  'changed-mind': 'returnReasonChangedMind',
  other: 'returnReasonOther',
} as const satisfies Record<ReturnReason, keyof OrderTexts>;

const returnKeys = { all: ['admin', 'returns'] as const, of: (status: ReturnStatus) => ['admin', 'returns', status] as const };
const returnsQuery = (status: ReturnStatus) =>
  queryOptions({
    queryKey: returnKeys.of(status),
    queryFn: async ({ signal }): Promise<AdminReturn[]> => (await api<AdminReturn[]>(`/admin/returns?status=${status}`, { signal })).data,
    staleTime: 0,
  });

type Action = { id: string; step: 'approve' | 'reject' | 'received' | 'refund'; body?: object };

function useReturnAction() {
  const queryClient = useQueryClient();
  const text = useMessages(backOfficeOrdersText);
  const apiMessage = useApiMessage();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, step, body }: Action) =>
      api<AdminReturn>(`/admin/returns/${encodeURIComponent(id)}/${step}`, { method: 'POST', ...(body ? { body } : {}) }),
    onSuccess: () => notify.success(text.returnDone),
    onError: (error) => notify.error(apiMessage(error, text.returnActionFailed)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
}

const orderLabel = (ret: AdminReturn) => `#${orderNumber(ret.orderId)}`;

/** Customers' returns by step: requests to approve or reject, parcels to receive, received returns to pay back. */
export function ReturnsPage(_props: ScreenProps) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const [status, setStatus] = useState<ReturnStatus>('requested');
  const query = useQuery(returnsQuery(status));
  const action = useReturnAction();
  const [rejecting, setRejecting] = useState<AdminReturn | null>(null);
  const [refunding, setRefunding] = useState<AdminReturn | null>(null);
  const act = (ret: AdminReturn, step: Action['step'], body?: object) => action.mutate({ id: ret._id, step, body });
  const approve = (ret: AdminReturn, pickup: ReturnPickup) => act(ret, 'approve', { pickup });

  const columns: ListColumn<AdminReturn>[] = [
    { key: 'order', header: text.columnOrder, primary: true, cell: orderLabel },
    { key: 'customer', header: text.columnCustomer, cell: (ret) => `${ret.customerName} · ${ret.phone}` },
    {
      key: 'items',
      header: text.returnItemsColumn,
      cell: (ret) => ret.lines.map((line) => `${nameIn(format.locale, line.productName, line.productNameBn)} × ${format.count(line.quantity)}`).join(', '),
    },
    {
      key: 'reason',
      header: text.returnReasonColumn,
      cell: (ret) => (ret.note ? `${text[REASON_KEYS[ret.reason]]}: ${ret.note}` : text[REASON_KEYS[ret.reason]]),
    },
    { key: 'amount', header: text.returnPaysBack, cell: (ret) => format.takaPrecise(ret.amount) },
    {
      key: 'pay-to',
      header: text.returnPayTo,
      cell: (ret) =>
        ret.refundMethod && ret.refundNumber
          ? refundDestination({ refundMethod: ret.refundMethod, refundNumber: ret.refundNumber }, text, format.locale)
          : text.refundThroughGateway,
    },
  ];
  if (status === 'rejected') columns.push({ key: 'why', header: text.reason, cell: (ret) => ret.rejectReason ?? '—' });

  const actions = (ret: AdminReturn) => {
    const busy = action.isPending && action.variables?.id === ret._id;
    const named = <span className="sr-only"> {orderLabel(ret)}</span>;
    if (ret.status === 'requested')
      return (
        <>
          <Button className="px-3" busy={busy} onClick={() => approve(ret, 'courier')}>
            {text.approveCourier}
            {named}
          </Button>
          <Button className="px-3" variant="secondary" busy={busy} onClick={() => approve(ret, 'drop-off')}>
            {text.approveDropOff}
            {named}
          </Button>
          <Button variant="ghost" className="px-3 text-red-700 hover:bg-red-50" onClick={() => setRejecting(ret)}>
            {text.reject}
            {named}
          </Button>
        </>
      );
    if (ret.status === 'approved')
      return (
        <Button className="px-3" busy={busy} onClick={() => act(ret, 'received')}>
          {text.markReceived}
          {named}
        </Button>
      );
    if (ret.status === 'received')
      return (
        <Button className="px-3" onClick={() => setRefunding(ret)}>
          {text.refundReturn}
          {named}
        </Button>
      );
    return null;
  };

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.returnsTitle} />
      <Tabs
        label={text.returnTabs}
        tabs={returnStatuses.map((id) => ({ id, label: text[STATUS_KEYS[id]] }))}
        selected={status}
        onSelect={setStatus}
        panelClassName="pt-4"
        sharedPanel={
          query.isError ? (
            <p role="alert" className="text-red-700">
              {text.returnsFailed}
            </p>
          ) : query.data ? (
            <ResponsiveList
              items={query.data}
              columns={columns}
              itemKey={(ret) => ret._id}
              label={text.returnList}
              empty={text.returnsEmpty}
              actions={actions}
            />
          ) : (
            <div aria-hidden="true" className="h-48 w-full animate-pulse rounded-md bg-gray-200" />
          )
        }
      />
      {rejecting && <RejectReturnDialog ret={rejecting} onClose={() => setRejecting(null)} onReject={(reason) => act(rejecting, 'reject', { reason })} />}
      {refunding && <RefundReturnDialog ret={refunding} onClose={() => setRefunding(null)} onRefund={(body) => act(refunding, 'refund', body)} />}
    </div>
  );
}

function RejectReturnDialog({ ret, onClose, onReject }: { ret: AdminReturn; onClose: () => void; onReject: (reason: string) => void }) {
  const text = useMessages(backOfficeOrdersText);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReject(reason.trim());
    onClose();
  };
  return (
    <Dialog open onClose={onClose} title={text.rejectReturnTitle(orderLabel(ret))}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <TextField label={text.rejectReturnReason} value={reason} minLength={3} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" className="bg-red-700 hover:bg-red-800">
            {text.reject}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RefundReturnDialog({ ret, onClose, onRefund }: { ret: AdminReturn; onClose: () => void; onRefund: (body: object) => void }) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const [payout, setPayout] = useState(ret.gatewayRefundable ? 'gateway' : 'manual');
  const [reference, setReference] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRefund(payout === 'manual' ? { payout, reference: reference.trim() } : { payout });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} title={text.refundReturnTitle(orderLabel(ret))}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="font-semibold text-gray-900">
          {format.takaPrecise(ret.amount)}
          {ret.refundMethod && ret.refundNumber
            ? ` → ${refundDestination({ refundMethod: ret.refundMethod, refundNumber: ret.refundNumber }, text, format.locale)}`
            : ''}
        </p>
        <SelectField
          label={text.refundHow}
          placeholder={text.refundHow}
          value={payout}
          onChange={(event) => setPayout(event.target.value)}
          options={[...(ret.gatewayRefundable ? [{ value: 'gateway', label: text.refundThroughGateway }] : []), { value: 'manual', label: text.refundByHand }]}
        />
        {payout === 'manual' && (
          <TextField label={text.returnRefundReference} value={reference} required maxLength={100} onChange={(event) => setReference(event.target.value)} />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit">{text.refundReturn}</Button>
        </div>
      </form>
    </Dialog>
  );
}
