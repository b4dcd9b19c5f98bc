import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { couponCodeTaken, usageLimitBelowUses, type Coupon } from '@contract/coupons';
import { bodiesSentTo, ok, queriesSentTo, refused, requestsTo, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { stubScreenWidth } from '@/test/screen-width';
import backOfficeTexts from '@/messages/back-office/en';
import { CouponsPage } from './coupons-page';

const NEEDS_CONNECTION = backOfficeTexts.needsConnection;

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  _id: 'k1',
  code: 'EID20',
  kind: 'percent',
  value: 20,
  minOrder: 500,
  // 2026-06-01 00:00 and 2026-06-30 23:59:59.999 in Bangladesh (+06:00).
  validFrom: '2026-05-31T18:00:00.000Z',
  validTo: '2026-06-30T17:59:59.999Z',
  usageLimit: 100,
  perCustomerLimit: 1,
  usedCount: 7,
  createdAt: '2026-05-01T00:00:00.000Z',
  ...overrides,
});

const page = (coupons: Coupon[], extra: { page?: number; pages?: number; total?: number } = {}) =>
  ok({ count: coupons.length, total: extra.total ?? coupons.length, page: extra.page ?? 1, pages: extra.pages ?? 1, data: coupons });

const FLAT = coupon({
  _id: 'k2',
  code: 'FLAT100',
  kind: 'fixed',
  value: 100,
  minOrder: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
});

const renderCoupons = (at = '/admin/coupons') => renderPage(<CouponsPage area="admin" rest="" />, { at, path: '/admin/$' });

beforeEach(() => {
  signInAs('admin');
  stubScreenWidth(1280);
});

describe('Coupons', () => {
  it('lists each coupon with its discount, minimum, dates, limits and uses; searches by code and pages on the server', async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([coupon(), FLAT], { pages: 3, total: 42 }) });
    await renderCoupons();

    const eid = await screen.findByRole('row', { name: /EID20/ });
    for (const text of ['20% off', '৳500', 'Jun 1, 2026 to Jun 30, 2026', '100 in all, 1 per customer', '7 of 100']) expect(eid).toHaveTextContent(text);
    const flat = screen.getByRole('row', { name: /FLAT100/ });
    for (const text of ['৳100 off', 'Any order', 'Always', 'No limits']) expect(flat).toHaveTextContent(text);
    expect(queriesSentTo(fetchMock, 'GET /api/coupons')[0]).toEqual({ page: '1', limit: '20' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/coupons').at(-1)).toEqual({ page: '2', limit: '20' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by code' }), 'eid');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, 'GET /api/coupons').at(-1)).toEqual({ page: '1', limit: '20', search: 'eid' }));
  });

  it('reads the search and page from the address', async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([]) });
    await renderCoupons('/admin/coupons?search=123&page=2');
    expect(await screen.findByText('No coupon codes contain “123”.')).toBeInTheDocument();
    expect(queriesSentTo(fetchMock, 'GET /api/coupons')).toEqual([{ page: '2', limit: '20', search: '123' }]);
  });

  it("checks a new coupon with the server's rules before sending, and sends null for an empty minimum, limit or date", async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([]), 'POST /api/coupons': ok(coupon(), 201) });
    await renderCoupons();
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = within(screen.getByRole('dialog', { name: 'New coupon' }));

    await userEvent.type(form.getByLabelText('Code'), 'e!');
    // Typed in Bangla digits, as the Bangla back office may.
    await userEvent.type(form.getByLabelText('Discount (%)'), '১২০');
    await userEvent.type(form.getByLabelText('Total limit'), '0');
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(await form.findByText('Code must be at least 3 characters')).toBeInTheDocument();
    expect(form.getByText('A percent discount must be at most 100')).toBeInTheDocument();
    expect(form.getByText('Total limit must be at least 1')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/coupons')).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Code'));
    await userEvent.type(form.getByLabelText('Code'), 'EID20');
    await userEvent.click(form.getByLabelText('Taka off'));
    expect(form.getByLabelText('Discount (৳)')).toHaveValue('১২০');
    await userEvent.clear(form.getByLabelText('Total limit'));
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/coupons')).toEqual([
        { code: 'EID20', kind: 'fixed', value: 120, minOrder: null, validFrom: null, validTo: null, usageLimit: null, perCustomerLimit: null },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a day as the whole day in Bangladesh, and an empty required discount is refused', async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([]), 'POST /api/coupons': ok(coupon(), 201) });
    await renderCoupons();
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = within(screen.getByRole('dialog', { name: 'New coupon' }));
    await userEvent.type(form.getByLabelText('Code'), 'EID20');
    await userEvent.type(form.getByLabelText('Valid from'), '2026-06-01');
    await userEvent.type(form.getByLabelText('Valid until'), '2026-05-01');
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(await form.findByText('Value must be a number')).toBeInTheDocument();

    // The rules across fields run once every field is valid on its own.
    await userEvent.type(form.getByLabelText('Discount (%)'), '20');
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));
    expect(await form.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/coupons')).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Valid until'));
    await userEvent.type(form.getByLabelText('Valid until'), '2026-06-30');
    await userEvent.type(form.getByLabelText('Per-customer limit'), '2');
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/coupons')).toEqual([
        {
          code: 'EID20',
          kind: 'percent',
          value: 20,
          minOrder: null,
          validFrom: '2026-05-31T18:00:00.000Z',
          validTo: '2026-06-30T17:59:59.999Z',
          usageLimit: null,
          perCustomerLimit: 2,
        },
      ]),
    );
  });

  it("shows the server's 409 for a code already taken beside the code", async () => {
    stubApi({ 'GET /api/coupons': page([]), 'POST /api/coupons': refused(409, couponCodeTaken('eid20')) });
    await renderCoupons();
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const form = within(screen.getByRole('dialog', { name: 'New coupon' }));
    await userEvent.type(form.getByLabelText('Code'), 'eid20');
    await userEvent.type(form.getByLabelText('Discount (%)'), '10');
    await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));

    const code = form.getByLabelText('Code');
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('A coupon with the code eid20 already exists')));
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it("edits a coupon sending only what changed (null to clear), and shows the server's 409 for a total limit below the uses beside it", async () => {
    const fetchMock = stubApi({
      'GET /api/coupons': page([coupon()]),
      'PUT /api/coupons/k1': (sent) =>
        (sent as { usageLimit?: number }).usageLimit === 5 ? refused(409, usageLimitBelowUses(7)) : ok(coupon({ minOrder: null, usageLimit: 50 })),
    });
    await renderCoupons();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit EID20' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit the coupon EID20' }));
    expect(form.getByLabelText('Valid from')).toHaveValue('2026-06-01');
    expect(form.getByLabelText('Valid until')).toHaveValue('2026-06-30');

    await userEvent.clear(form.getByLabelText('Total limit'));
    await userEvent.type(form.getByLabelText('Total limit'), '5');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(form.getByLabelText('Total limit')).toHaveAccessibleDescription(expect.stringContaining(usageLimitBelowUses(7))));

    await userEvent.clear(form.getByLabelText('Total limit'));
    await userEvent.type(form.getByLabelText('Total limit'), '50');
    await userEvent.clear(form.getByLabelText('Minimum order (৳)'));
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT /api/coupons/k1')).toEqual([{ usageLimit: 5 }, { minOrder: null, usageLimit: 50 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before deleting, saying orders placed with the coupon keep their discount', async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([coupon()]), 'DELETE /api/coupons/k1': ok(null) });
    await renderCoupons();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete EID20' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete the coupon EID20?' }));
    expect(dialog.getByText(/Orders already placed with it keep their discount/)).toBeInTheDocument();

    await userEvent.click(dialog.getByText('Cancel'));
    expect(requestsTo(fetchMock, 'DELETE /api/coupons/k1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete EID20' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/coupons/k1')).toHaveLength(1));
  });

  it('refuses a save or a delete made offline, saying it needs a connection, and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/coupons': page([coupon()]) });
    await renderCoupons();
    await screen.findByRole('row', { name: /EID20/ });
    act(() => onlineManager.setOnline(false));

    await userEvent.click(screen.getByRole('button', { name: 'Delete EID20' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(NEEDS_CONNECTION);
    await userEvent.click(within(screen.getByRole('dialog')).getByText('Cancel'));

    await userEvent.click(screen.getByRole('button', { name: 'Edit EID20' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit the coupon EID20' }));
    await userEvent.clear(form.getByLabelText('Per-customer limit'));
    await userEvent.type(form.getByLabelText('Per-customer limit'), '3');
    await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText(NEEDS_CONNECTION)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/coupons/k1')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'DELETE /api/coupons/k1')).toHaveLength(0);
  });
});
