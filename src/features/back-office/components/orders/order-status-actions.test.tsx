import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '@contract/back-office-orders';
import { notify } from '@/lib/notify';
import { ok, requestsTo, stubApi } from '@/test/api';
import { makeOrder, signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { OrdersScreen } from '../../pages/orders/orders-screen';

const ID = 'order00000000000cash01';
const DETAIL = `GET /api/admin/orders/${ID}`;
const CONFIRM = `POST /api/admin/orders/${ID}/confirm-cash`;

const placed = {
  _id: 'e1',
  kind: 'status',
  from: null,
  to: 'pending',
  actor: 'customer',
  actorName: 'Rahim Uddin',
  note: null,
  at: '2026-11-01T20:05:00.000Z',
} as const;
const awaiting: AdminOrderDetail = {
  order: makeOrder({ _id: ID, cashConfirmation: 'awaiting' }),
  payment: null,
  refund: null,
  history: [placed],
  cancellation: null,
  nextStatuses: ['cancelled'],
};
const confirmed: AdminOrderDetail = {
  ...awaiting,
  order: { ...awaiting.order, cashConfirmation: 'confirmed' },
  history: [
    placed,
    {
      _id: 'e2',
      kind: 'confirmation',
      from: 'awaiting',
      to: 'confirmed',
      actor: 'admin',
      actorName: 'Test admin',
      note: 'Confirmed by phone',
      at: '2026-11-02T04:00:00.000Z',
    },
  ],
  nextStatuses: ['processing', 'cancelled'],
};

const renderOrder = () => renderPage(<OrdersScreen area="admin" rest={ID} />, { at: `/admin/orders/${ID}`, path: '/admin/$' });

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(360);
});

describe('a cash order waiting for confirmation, in the back office', () => {
  it('says so, offers only Confirmed by phone and Cancel, and once confirmed records who confirmed it', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    let answer = awaiting;
    const api = stubApi({
      [DETAIL]: () => ok(answer),
      [CONFIRM]: () => {
        answer = confirmed;
        return ok(confirmed);
      },
    });
    await renderOrder();
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText('Waiting for confirmation')).toBeInTheDocument();
    expect(
      within(status)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirmed by phone', 'Cancel order']);

    await user.click(within(status).getByRole('button', { name: 'Confirmed by phone' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Order #cash01 is confirmed'));
    expect(requestsTo(api, CONFIRM)).toHaveLength(1);
    expect(await within(status).findByRole('button', { name: 'Mark processing' })).toBeInTheDocument();
    expect(within(status).queryByText('Waiting for confirmation')).not.toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(history.at(-1)).toHaveTextContent('Cash confirmation: Waiting for confirmation → Confirmed');
    expect(history.at(-1)).toHaveTextContent('by Test admin (Admin)');
  });
});
