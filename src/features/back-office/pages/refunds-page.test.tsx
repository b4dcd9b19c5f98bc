import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRefund } from '@contract/back-office-orders';
import { bodiesSentTo, ok, queriesSentTo, refused, requestsTo, stubApi, type Handler } from '@/test/api';
import { makeRefund as makeCustomerRefund, signInAs } from '@/test/fixtures';
import { setLocale } from '@/i18n/messages';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { RefundsPage } from './refunds-page';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
});

function makeRefund(overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    ...makeCustomerRefund({ orderId: { _id: 'order-0000000a1b2c', transaction_id: 'TRX-1', totalPrice: 1560.4 } }),
    customerName: 'Alice Rahman',
    phone: '01811111111',
    paymentMethod: 'mobile-banking',
    gatewayRefundable: true,
    settledBy: null,
    ...overrides,
  };
}

const pageOf = (data: AdminRefund[], page = 1, pages = 1) => ok({ count: data.length, total: data.length + (pages - 1) * 20, page, pages, data });
const ROUTE = 'GET /api/admin/refunds';
const open = (at = '/admin/refunds') => renderPage(<RefundsPage area="admin" rest="" />, { at, path: '/admin/$' });

describe('Refunds', () => {
  it('lists the waiting requests by default with order number, customer, amount, where the money goes and when, and pages on the server', async () => {
    const fetchMock = stubApi({
      [ROUTE]: (_sent, url) =>
        url.searchParams.get('page') === '2'
          ? pageOf([makeRefund({ _id: 'r9', customerName: 'Karim Mia', orderId: { _id: 'order-000000ffeedd', transaction_id: null, totalPrice: 500 } })], 2, 2)
          : pageOf([makeRefund()], 1, 2),
    });
    await open();

    const row = (await screen.findByRole('rowheader', { name: '#0a1b2c' })).closest('tr')!;
    for (const text of ['Alice Rahman', '01811111111', '৳1,560.40', 'bKash 01712345678', '02 Nov 2026']) expect(row).toHaveTextContent(text);
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
    expect(queriesSentTo(fetchMock, ROUTE)[0]).toEqual({ status: 'pending', page: '1' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: '#ffeedd' })).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, ROUTE).at(-1)).toEqual({ status: 'pending', page: '2' });
  });

  it('in Bangla says where the money goes by the method’s Bangla name, in the list', async () => {
    stubApi({ [ROUTE]: pageOf([makeRefund(), makeRefund({ _id: 'r2', refundMethod: 'rocket', customerName: 'Karim Mia' })]) });
    await act(() => setLocale('bn'));
    try {
      await open();
      const row = (await screen.findByText('Alice Rahman')).closest('tr')!;
      expect(row).toHaveTextContent('বিকাশ ০১৭১২৩৪৫৬৭৮');
      expect(screen.getByText('Karim Mia').closest('tr')).toHaveTextContent('রকেট ০১৭১২৩৪৫৬৭৮');
      expect(screen.queryByText(/bKash|Rocket/)).not.toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('opens the last page that has requests when the one asked for was emptied (its last request settled)', async () => {
    const fetchMock = stubApi({ [ROUTE]: (_sent, url) => (url.searchParams.get('page') === '2' ? pageOf([], 2, 1) : pageOf([makeRefund()])) });
    await open('/admin/refunds?status=pending&page=2');
    expect(await screen.findByRole('rowheader', { name: '#0a1b2c' })).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, ROUTE)).toEqual([
      { status: 'pending', page: '2' },
      { status: 'pending', page: '1' },
    ]);
  });

  it('shows on the settled tabs how each ended: the payout and its reference, or the reason, with who settled it and when', async () => {
    const settledAt = new Date(2026, 10, 3, 14, 5).toISOString();
    stubApi({
      [`${ROUTE}?status=refunded&page=1`]: pageOf([
        makeRefund({ refundStatus: 'refunded', payout: 'gateway', settledAt, settledBy: 'Shop Admin' }),
        makeRefund({
          _id: 'r2',
          orderId: { _id: 'order-000000ccbbaa', transaction_id: null, totalPrice: 90 },
          refundStatus: 'refunded',
          payout: 'manual',
          manualReference: '9A7B6C5D4E',
          settledAt,
          settledBy: 'Shop Admin',
        }),
      ]),
      [`${ROUTE}?status=rejected&page=1`]: pageOf([
        makeRefund({ refundStatus: 'rejected', rejectReason: 'Delivered already', settledAt, settledBy: 'Shop Admin' }),
      ]),
      [ROUTE]: pageOf([]),
    });
    await open();
    expect(await screen.findByText('No refund is waiting.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Refunded' }));
    const gateway = (await screen.findByRole('rowheader', { name: '#0a1b2c' })).closest('tr')!;
    expect(gateway).toHaveTextContent('Through the gateway');
    expect(gateway).toHaveTextContent('03 Nov 2026, 14:05 by Shop Admin');
    expect(screen.getByRole('rowheader', { name: '#ccbbaa' }).closest('tr')).toHaveTextContent('By hand, transaction id 9A7B6C5D4E');
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = (await screen.findByRole('rowheader', { name: '#0a1b2c' })).closest('tr')!;
    expect(rejected).toHaveTextContent('Delivered already');
    expect(rejected).toHaveTextContent('03 Nov 2026, 14:05 by Shop Admin');
  });

  it('approves through the gateway when it can, saying so, and the request leaves the waiting list', async () => {
    let waiting = [makeRefund()];
    const fetchMock = stubApi({
      [ROUTE]: () => pageOf(waiting),
      'POST /api/admin/refunds/r1/approve': () => {
        waiting = [];
        return ok(makeRefund({ refundStatus: 'refunded' }));
      },
    });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve #0a1b2c' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the refund of order #0a1b2c' });
    expect(dialog).toHaveTextContent('৳1,560.40 goes back through the payment gateway');
    expect(within(dialog).getByRole('radio', { name: 'Through the payment gateway' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/admin/refunds/r1/approve')).toEqual([{ payout: 'gateway' }]));
    expect(await screen.findByText('No refund is waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the transaction id of a refund sent by hand to the customer’s number before sending, and shows the server’s 409', async () => {
    const fetchMock = stubApi({
      [ROUTE]: pageOf([makeRefund({ gatewayRefundable: false, refundMethod: 'nagad', refundNumber: '01911222333' })]),
      'POST /api/admin/refunds/r1/approve': refused(409, 'This refund has already been paid back'),
    });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve #0a1b2c' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Send ৳1,560.40 by hand to Nagad 01911222333, then enter the transaction id of the transfer.');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    expect(await within(dialog).findByText('Enter the transaction id of the transfer you sent')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/refunds/r1/approve')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Transaction id of the transfer'), '9A7B6C5D4E');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This refund has already been paid back');
    expect(bodiesSentTo(fetchMock, 'POST /api/admin/refunds/r1/approve')).toEqual([{ payout: 'manual', reference: '9A7B6C5D4E' }]);
    // Settled meanwhile: the list is read again.
    await waitFor(() => expect(requestsTo(fetchMock, ROUTE)).toHaveLength(2));
  });

  it('lets the admin choose to send a gateway-refundable payment by hand instead', async () => {
    const fetchMock = stubApi({ [ROUTE]: pageOf([makeRefund()]), 'POST /api/admin/refunds/r1/approve': ok(makeRefund({ refundStatus: 'refunded' })) });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve #0a1b2c' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Sent by hand to bKash 01712345678' }));
    await userEvent.type(within(dialog).getByLabelText('Transaction id of the transfer'), 'TX1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve refund' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/admin/refunds/r1/approve')).toEqual([{ payout: 'manual', reference: 'TX1' }]));
  });

  it("rejects only with a reason of the contract's length, and shows the server's message", async () => {
    const fetchMock = stubApi({
      [ROUTE]: pageOf([makeRefund()]),
      'POST /api/admin/refunds/r1/reject': refused(400, 'The reason can be at most 500 characters'),
    });
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject #0a1b2c' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the refund of order #0a1b2c' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the customer'), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject refund' }));
    expect(await within(dialog).findByText('Give a reason for the customer')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/refunds/r1/reject')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason for the customer'), 't yet: the parcel left');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The reason can be at most 500 characters');
    expect(bodiesSentTo(fetchMock, 'POST /api/admin/refunds/r1/reject')).toEqual([{ reason: 'not yet: the parcel left' }]);
  });

  it('offline: keeps the list it saw and refuses to approve, saying a connection is needed', async () => {
    const routes: Record<string, Handler> = { [ROUTE]: pageOf([makeRefund()]) };
    const fetchMock = stubApi(routes);
    await open();
    await screen.findByRole('rowheader', { name: '#0a1b2c' });
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Approve #0a1b2c' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve refund' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    expect(screen.getByRole('rowheader', { name: '#0a1b2c' })).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(requestsTo(fetchMock, 'POST /api/admin/refunds/r1/approve')).toHaveLength(0);
  });

  it('shows cards on a phone', async () => {
    stubScreenWidth(360);
    stubApi({ [ROUTE]: pageOf([makeRefund()]) });
    await open();
    const card = (await screen.findByRole('list', { name: 'Refunds waiting' })).querySelector('li')!;
    expect(within(card).getByRole('heading', { name: '#0a1b2c' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Alice Rahman');
    expect(within(card).getByRole('button', { name: 'Approve #0a1b2c' })).toBeInTheDocument();
  });
});
