import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { ok, requestsTo, stubApi } from '@/test/api';
import { makeOrder, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { MyOrdersPage } from '../pages/my-orders-page';

const ORDERS = 'GET /api/order/get-order-by-customerId/u1';
const ID = 'order00000000000cash01';
const CONFIRM = `POST /api/order/confirm-cash/${ID}`;
const RESEND = `POST /api/order/confirm-cash/${ID}/resend`;
const awaiting = makeOrder({ _id: ID, cashConfirmation: 'awaiting', phone: '01812000001' });
const render = () => renderPage(<MyOrdersPage />, { at: '/user/my-orders' });

beforeEach(() => signIn());

describe('a cash order waiting for confirmation on My Orders', () => {
  it('asks for the texted code, sends it typed in Bangla digits, and shows the order confirmed', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const api = stubApi({ [ORDERS]: ok([awaiting]), [CONFIRM]: ok({ ...awaiting, cashConfirmation: 'confirmed' }) });
    await render();
    const card = await screen.findByRole('article', { name: '#cash01' });
    const form = within(card).getByRole('form', { name: 'Waiting for confirmation' });
    expect(within(form).getByText(/We texted a code to 01812000001/)).toBeInTheDocument();
    const code = within(form).getByLabelText('Confirmation code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(within(form).getByRole('button', { name: 'Confirm order' }));
    expect(await within(form).findByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(requestsTo(api, CONFIRM)).toHaveLength(0);

    await user.type(code, '১২৩৪৫৬');
    await user.click(within(form).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your order is confirmed. Thank you!'));
    expect(requestsTo(api, CONFIRM).map((request) => request.body)).toEqual([{ code: '123456' }]);
    expect(within(card).queryByRole('form', { name: 'Waiting for confirmation' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong code, and sends a new code on request", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const api = stubApi({
      [ORDERS]: ok([awaiting]),
      [CONFIRM]: { status: 400, body: { success: false, message: 'That code is not right. Check the SMS and try again.', code: 'cashCodeWrong' } },
      [RESEND]: ok(awaiting),
    });
    await render();
    const form = await screen.findByRole('form', { name: 'Waiting for confirmation' });
    await user.type(within(form).getByLabelText('Confirmation code'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Confirm order' }));
    expect(await within(form).findByText('That code is not right. Check the SMS and try again.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a new code'));
    expect(requestsTo(api, RESEND)).toHaveLength(1);
  });

  it('speaks Bangla, and says why an unconfirmed order was cancelled', async () => {
    await act(() => setLocale('bn'));
    try {
      stubApi({ [ORDERS]: ok([awaiting, makeOrder({ _id: 'order0000000000gone01', status: 'cancelled', cancelReason: 'not-confirmed' })]) });
      await render();
      const form = await screen.findByRole('form', { name: 'নিশ্চিতকরণের অপেক্ষায়' });
      expect(within(form).getByLabelText('নিশ্চিতকরণ কোড')).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'অর্ডার নিশ্চিত করুন' })).toBeInTheDocument();
      expect(within(form).getByText(/০১৮১২০০০০০১ নম্বরে/)).toBeInTheDocument();
      expect(screen.getByText('বাতিল: ক্যাশ অর্ডারটি সময়মতো নিশ্চিত করা হয়নি।')).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
