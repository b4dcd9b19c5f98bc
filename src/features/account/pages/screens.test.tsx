import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { ok, requestsTo, stubApi } from '@/test/api';
import { CUSTOMER, makeOrder, makeRefund, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import { AccountLayout } from '../components/account-layout';
import { ConfirmEmailPage } from './confirm-email-page';
import { DashboardPage } from './dashboard-page';
import { RefundRequestPage } from './refund-request-page';
import { SettingsPage } from './settings-page';

const ORDERS = 'GET /api/order/get-order-by-customerId/u1';

beforeEach(() => signIn());

describe('Dashboard', () => {
  it('totals in taka with 2 decimals (cancelled left out of Total Spent) and the first 5 orders', async () => {
    const orders = [
      makeOrder({ _id: 'o-00000000001', totalPrice: 141000.5, status: 'delivered' }),
      makeOrder({ _id: 'o-00000000002', totalPrice: 200, status: 'cancelled' }),
      makeOrder({ _id: 'o-00000000003', totalPrice: 300, status: 'shipped' }),
      makeOrder({ _id: 'o-00000000004', totalPrice: 400 }),
      makeOrder({ _id: 'o-00000000005', totalPrice: 500, status: 'delivered' }),
      makeOrder({ _id: 'o-00000000006', totalPrice: 600 }),
    ];
    stubApi({ [ORDERS]: ok(orders) });
    await renderPage(<DashboardPage />, { at: '/user' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('৳1,42,800.50')).toBeInTheDocument();
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('6');
    expect(screen.getByText('Delivered Orders').nextSibling).toHaveTextContent('2');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('#000001');
    expect(rows[0]).toHaveTextContent('Nov 2, 2026');
    expect(rows[0]).toHaveTextContent('৳1,41,000.50');
    expect(within(rows[0]!).getByText('delivered')).toHaveClass('bg-green-100');
    expect(within(rows[2]!).getByText('shipped')).toHaveClass('bg-gray-100');
  });
});

describe('Refund Request', () => {
  it("shows 'Loading...' and then the requests of the customer's own orders", async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({
      [ORDERS]: ok([makeOrder({ _id: 'order-mine-0a1b2c', transaction_id: 'TRX-1' })]),
      'GET /api/refund': () => new Promise((resolve) => (answer = resolve)) as never,
    });
    await renderPage(<RefundRequestPage />, { at: '/user/refund-request' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const refund = (id: string, orderId: string) => ({
      _id: id,
      createdAt: new Date(2026, 10, 2, 12).toISOString(),
      orderId: { _id: orderId, transaction_id: 'TRX-1', totalPrice: 1560.4 },
      refundMethod: 'bkash',
      refundNumber: '01712345678',
      refundStatus: 'pending',
    });
    await act(async () => answer(ok([refund('r1', 'order-mine-0a1b2c'), refund('r2', 'order-someone-else')])));
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    for (const text of ['02 Nov 2026', '#0a1b2c', 'TRX-1', 'bKash', '01712345678', '৳1,560', 'pending']) {
      expect(card).toHaveTextContent(text);
    }
  });

  it('shows what became of each request: waiting, refunded (when, and through the gateway or to their number with the transfer id), or rejected with the reason', async () => {
    const orderIds = ['order-00000000aaa1', 'order-00000000aaa2', 'order-00000000aaa3', 'order-00000000aaa4'];
    const settledAt = new Date(2026, 10, 4, 12).toISOString();
    const refund = (n: number, outcome: object) => ({
      _id: `r${n}`,
      createdAt: new Date(2026, 10, 2, 12).toISOString(),
      orderId: { _id: orderIds[n - 1]!, transaction_id: `TRX-${n}`, totalPrice: 500 },
      refundMethod: 'nagad',
      refundNumber: '01911222333',
      refundStatus: 'pending',
      rejectReason: null,
      settledAt: null,
      payout: null,
      manualReference: null,
      ...outcome,
    });
    stubApi({
      [ORDERS]: ok(orderIds.map((_id) => makeOrder({ _id }))),
      'GET /api/refund': ok([
        refund(1, {}),
        refund(2, { refundStatus: 'refunded', settledAt, payout: 'gateway' }),
        refund(3, { refundStatus: 'refunded', settledAt, payout: 'manual', manualReference: '9A7B6C5D4E' }),
        refund(4, { refundStatus: 'rejected', settledAt, rejectReason: 'The parcel had already left the shop' }),
      ]),
    });
    await renderPage(<RefundRequestPage />, { at: '/user/refund-request' });
    const [waiting, gateway, byHand, rejected] = await screen.findAllByRole('listitem');

    expect(waiting).toHaveTextContent('Waiting for the shop to review your request.');
    expect(waiting).not.toHaveTextContent('Refunded On');
    expect(within(gateway!).getByText('Refunded On').nextSibling).toHaveTextContent('04 Nov 2026');
    expect(within(gateway!).getByText('Refunded Via').nextSibling).toHaveTextContent('Payment gateway');
    expect(within(byHand!).getByText('Refunded Via').nextSibling).toHaveTextContent('Nagad 01911222333');
    expect(within(byHand!).getByText('Transaction ID of the refund').nextSibling).toHaveTextContent('9A7B6C5D4E');
    expect(within(rejected!).getByText('Rejected On').nextSibling).toHaveTextContent('04 Nov 2026');
    expect(rejected).toHaveTextContent('Reason: The parcel had already left the shop');
    expect(within(rejected!).getByText('rejected')).toHaveClass('bg-red-100');
  });

  it('reads the outcome again each time it opens, even when it saw the requests a moment ago', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    const request = makeRefund();
    queryClient.setQueryData(['refunds', CUSTOMER._id], [request]);
    stubApi({
      [ORDERS]: ok([makeOrder({ _id: 'order-mine-0a1b2c' })]),
      'GET /api/refund': ok([{ ...request, refundStatus: 'refunded', settledAt: new Date(2026, 10, 4, 12).toISOString(), payout: 'gateway' }]),
    });
    await renderPage(<RefundRequestPage />, { at: '/user/refund-request', queryClient });
    expect(await screen.findByText('refunded')).toBeInTheDocument();
  });

  it('in Bangla names the method the money went to in Bangla, its number in Bangla digits', async () => {
    const request = makeRefund({
      refundMethod: 'nagad',
      refundNumber: '01911222333',
      refundStatus: 'refunded',
      settledAt: new Date(2026, 10, 4, 12).toISOString(),
      payout: 'manual',
      manualReference: '9A7B6C5D4E',
    });
    stubApi({ [ORDERS]: ok([makeOrder({ _id: 'order-mine-0a1b2c' })]), 'GET /api/refund': ok([request, { ...request, _id: 'r2', refundMethod: 'rocket' }]) });
    await act(() => setLocale('bn'));
    try {
      await renderPage(<RefundRequestPage />, { at: '/user/refund-request' });
      const [nagad, rocket] = await screen.findAllByRole('listitem');
      expect(nagad).toHaveTextContent('নগদ ০১৯১১২২২৩৩৩');
      expect(rocket).toHaveTextContent('রকেট ০১৯১১২২২৩৩৩');
      expect(nagad).not.toHaveTextContent('Nagad');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it("says 'No refund request found' when there are none", async () => {
    stubApi({ [ORDERS]: ok([]), 'GET /api/refund': ok([]) });
    await renderPage(<RefundRequestPage />, { at: '/user/refund-request' });
    expect(await screen.findByText('No refund request found')).toBeInTheDocument();
  });
});

describe('Settings', () => {
  it('has three tabs and sends only the changed profile fields', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok(CUSTOMER),
      'PUT /api/user/update-profile': () => ok({ ...CUSTOMER, name: 'Rahim Khan' }),
    });
    await renderPage(<SettingsPage />, { at: '/user/profile' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Profile Image']);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Rahim Uddin');
    await user.clear(name);
    await user.type(name, '  Rahim Khan ');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile updated successfully'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ id: 'u1', name: 'Rahim Khan' });
    expect(session.get().user?.name).toBe('Rahim Khan');
  });

  it('shows a new email as waiting for its link, keeps the confirmed one in the form, and resends the link', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const pending = { ...CUSTOMER, pendingEmail: 'rahim.new@example.com', pendingPhone: null };
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok({ ...CUSTOMER, pendingEmail: null, pendingPhone: null }),
      'PUT /api/user/update-profile': () => ok(pending),
    });
    await renderPage(<SettingsPage />, { at: '/user/profile' });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('rahim@example.com'));
    await user.clear(email);
    await user.type(email, 'rahim.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    const waiting = await screen.findByRole('region', { name: 'Changes waiting for confirmation' });
    expect(waiting).toHaveTextContent('We sent a link to rahim.new@example.com. Open it while signed in to make it your email.');
    expect(success).toHaveBeenCalledWith('Profile updated successfully');
    expect(screen.getByLabelText('Email')).toHaveValue('rahim@example.com');
    expect(session.get().user).toEqual(CUSTOMER);

    await user.click(within(waiting).getByRole('button', { name: 'Resend link' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a new link'));
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(puts).toEqual([
      { id: 'u1', email: 'rahim.new@example.com' },
      { id: 'u1', email: 'rahim.new@example.com' },
    ]);
  });

  it('takes the code texted to a new phone number, then shows the number as the account’s', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok({ ...CUSTOMER, pendingEmail: null, pendingPhone: '01911000003' }),
      'POST /api/user/confirm-phone': (sent) =>
        (sent as { code: string }).code === '4821'
          ? ok({ ...CUSTOMER, phone: '01911000003', pendingEmail: null, pendingPhone: null })
          : { status: 400, body: { success: false, message: 'Invalid OTP or session expired' } },
    });
    await renderPage(<SettingsPage />, { at: '/user/profile' });
    const waiting = await screen.findByRole('region', { name: 'Changes waiting for confirmation' });
    expect(waiting).toHaveTextContent('We sent a code to 01911000003. Enter it to make it your phone number.');

    await user.type(within(waiting).getByLabelText('Code'), '12');
    await user.click(within(waiting).getByRole('button', { name: 'Confirm phone' }));
    expect(await within(waiting).findByText('Invalid OTP or session expired')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/confirm-phone'))).toBe(false);

    await user.clear(within(waiting).getByLabelText('Code'));
    await user.type(within(waiting).getByLabelText('Code'), '1111');
    await user.click(within(waiting).getByRole('button', { name: 'Confirm phone' }));
    expect(await within(waiting).findByText('Invalid OTP or session expired')).toBeInTheDocument();

    await user.clear(within(waiting).getByLabelText('Code'));
    await user.type(within(waiting).getByLabelText('Code'), '4821');
    await user.click(within(waiting).getByRole('button', { name: 'Confirm phone' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Phone number changed successfully'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Changes waiting for confirmation' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Phone')).toHaveValue('01911000003');
    expect(session.get().user).toEqual({ ...CUSTOMER, phone: '01911000003' });
  });

  it('in Bangla shows every label, heading, hint, button and form error in Bangla, and takes the code in Bangla digits', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok({ ...CUSTOMER, pendingEmail: null, pendingPhone: '01911000003', orderNotifications: true }),
      'POST /api/user/confirm-phone': ok({ ...CUSTOMER, phone: '01911000003', pendingEmail: null, pendingPhone: null }),
    });
    const latin = /[A-Za-z]{2,}/;
    await act(() => setLocale('bn'));
    try {
      await renderPage(<SettingsPage />, { at: '/user/profile' });
      expect(screen.getByRole('heading', { level: 1, name: 'সেটিংস' })).toBeInTheDocument();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['প্রোফাইল', 'নিরাপত্তা', 'প্রোফাইলের ছবি']);
      const waiting = await screen.findByRole('region', { name: 'নিশ্চিত করার অপেক্ষায় থাকা পরিবর্তন' });
      expect(waiting).toHaveTextContent('০১৯১১০০০০০৩');
      const profile = screen.getByRole('tabpanel', { name: 'প্রোফাইল' });
      await waitFor(() => expect(within(profile).getByRole('switch')).toBeEnabled());
      expect(profile.textContent).not.toMatch(latin);

      await user.type(within(waiting).getByLabelText('কোড'), '৪৮২১');
      await user.click(within(waiting).getByRole('button', { name: 'ফোন নিশ্চিত করুন' }));
      await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/user/confirm-phone')[0]?.body).toEqual({ code: '4821' }));

      await user.click(screen.getByRole('tab', { name: 'নিরাপত্তা' }));
      const security = screen.getByRole('tabpanel', { name: 'নিরাপত্তা' });
      await user.type(within(security).getByLabelText('নতুন পাসওয়ার্ড'), '123');
      await user.click(within(security).getByRole('button', { name: 'পাসওয়ার্ড বদলান' }));
      expect(within(security).getAllByText(/[\u0980-\u09ff]/, { selector: 'p' }).length).toBeGreaterThanOrEqual(3);
      expect(security.textContent).not.toMatch(latin);

      await user.click(screen.getByRole('tab', { name: 'প্রোফাইলের ছবি' }));
      const image = screen.getByRole('tabpanel', { name: 'প্রোফাইলের ছবি' });
      // The image formats and MB keep their names.
      expect(image.textContent?.replace(/JPG|PNG|GIF|MB/g, '')).not.toMatch(latin);
      for (const labelled of image.querySelectorAll('[aria-label], [alt]'))
        expect(labelled.getAttribute('aria-label') ?? labelled.getAttribute('alt')).not.toMatch(latin);
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('checks the password form before sending and reports a refusal', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(notify, 'error');
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok(CUSTOMER),
      'PATCH /api/user/change-password': { status: 400, body: { success: false, message: 'Current password is incorrect' } },
    });
    await renderPage(<SettingsPage />, { at: '/user/profile' });
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const panel = screen.getByRole('tabpanel', { name: 'Security' });
    await user.type(within(panel).getByLabelText('New Password'), '123');
    await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
    expect(panel).toHaveTextContent('Current password is required');
    expect(panel).toHaveTextContent('Password must be at least 6 characters');
    expect(panel).toHaveTextContent('Please confirm your password');

    await user.type(within(panel).getByLabelText('Current Password'), 'old-pass');
    await user.type(within(panel).getByLabelText('New Password'), '456');
    await user.type(within(panel).getByLabelText('Confirm Password'), '123457');
    await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
    expect(panel).toHaveTextContent("Passwords don't match");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.clear(within(panel).getByLabelText('Confirm Password'));
    await user.type(within(panel).getByLabelText('Confirm Password'), '123456');
    await user.click(within(panel).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Current password is incorrect'));
    expect(error).not.toHaveBeenCalledWith('Failed to change password');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ id: 'u1', currentPassword: 'old-pass', newPassword: '123456', confirmPassword: '123456' });
  });

  it('previews a chosen image, uploads it as multipart, and Cancel drops it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const success = vi.spyOn(notify, 'success');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const fetchMock = stubApi({
      'GET /api/user/get-single-user/u1': ok(CUSTOMER),
      'POST /api/user/upload-profile-image': ok({ profileImg: '/media/me.webp', user: { ...CUSTOMER, profileImg: '/media/me.webp' } }),
    });
    await renderPage(<SettingsPage />, { at: '/user/profile' });
    await user.click(screen.getByRole('tab', { name: 'Profile Image' }));
    const panel = screen.getByRole('tabpanel', { name: 'Profile Image' });
    expect(panel).toHaveTextContent('JPG, PNG or GIF (max 25 MB)');
    const input = within(panel).getByLabelText('Choose an image');
    expect(input).toHaveAttribute('accept', 'image/*');

    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(within(panel).queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(within(panel).getByRole('img', { name: 'Preview of the new profile image' })).toHaveAttribute('src', 'blob:preview');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('img', { name: 'Preview of the new profile image' })).not.toBeInTheDocument();

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await user.click(within(panel).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Profile image updated successfully'));
    const body = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/upload-profile-image')?.[1]?.body as FormData;
    expect(body.get('id')).toBe('u1');
    expect((body.get('profileImage') as File).name).toBe('me.png');
    expect(session.get().user?.profileImg).toBe('/media/me.webp');
  });
});

describe('side menu', () => {
  it('lists the customer area, marks the current page and toggles on a phone', async () => {
    const user = userEvent.setup();
    stubScreenWidth(360);
    stubApi({});
    await renderPage(
      <AccountLayout>
        <h1>Orders here</h1>
      </AccountLayout>,
      { at: '/user/my-orders' },
    );
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Account' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/user'],
      ['My Orders', '/user/my-orders'],
      ['Refund Request', '/user/refund-request'],
      ['Addresses', '/user/addresses'],
      ['Settings', '/user/profile'],
      ['Home', '/'],
    ]);
    expect(within(nav).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    // Narrower than 1024 px the menu covers the page, so following a link closes it.
    await user.click(within(nav).getByRole('link', { name: 'My Orders' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts open on a wide screen', async () => {
    stubScreenWidth(1024);
    stubApi({});
    await renderPage(
      <AccountLayout>
        <h1>Dashboard here</h1>
      </AccountLayout>,
      { at: '/user' },
    );
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('ConfirmEmailPage', () => {
  const confirmPath = 'POST /api/user/confirm-email';

  it('confirms the token once, even on a repeated render, and shows the new email', async () => {
    const fetchMock = stubApi({ [confirmPath]: () => ok({ ...CUSTOMER, email: 'rahim.new@example.com', pendingEmail: null, pendingPhone: null }) });
    await renderPage(<ConfirmEmailPage token="tok-9" />, { at: '/confirm-email/tok-9' });
    expect(await screen.findByText('rahim.new@example.com')).toBeInTheDocument();
    expect(screen.getByText(/Your email is now/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/confirm-email'))).toHaveLength(1);
    expect(session.get().user?.email).toBe('rahim.new@example.com');
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/user/profile');
  });

  it('says why when the link is refused', async () => {
    stubApi({
      [confirmPath]: { status: 403, body: { success: false, message: 'This link was sent for another account. Sign in to that account and open it again.' } },
    });
    await renderPage(<ConfirmEmailPage token="tok-9" />, { at: '/confirm-email/tok-9' });
    expect(await screen.findByText('This link was sent for another account. Sign in to that account and open it again.')).toBeInTheDocument();
    expect(session.get().user?.email).toBe('rahim@example.com');
  });
});
