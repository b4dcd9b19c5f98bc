import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { bodiesSentTo, ok, refused, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { DeliveryFeesPage } from './delivery-fees-page';

beforeEach(() => signInAs('admin'));

const ZONES = { zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }], otherDistricts: { fee: 120, freeFrom: null } };
const PUT = 'PUT /api/delivery-zones';

describe('Delivery zones', () => {
  it('shows the zones, takes a new one with its districts and threshold (in either digit set), and saves them all', async () => {
    const fetchMock = stubApi({ 'GET /api/delivery-zones': ok(ZONES), [PUT]: ok(ZONES) });
    await renderPage(<DeliveryFeesPage />, { at: '/admin/delivery-fees' });

    const first = await screen.findByRole('group', { name: 'Zone 1' });
    expect(within(first).getByLabelText('Zone name')).toHaveValue('Dhaka city');
    expect(within(first).getByLabelText('Delivery fee (৳)')).toHaveValue('60');
    expect(await within(first).findByRole('checkbox', { name: 'Dhaka' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Add a zone' }));
    const second = screen.getByRole('group', { name: 'Zone 2' });
    await userEvent.type(within(second).getByLabelText('Zone name'), 'Near Dhaka');
    await userEvent.type(within(second).getByLabelText('Delivery fee (৳)'), '৮০');
    await userEvent.type(within(second).getByLabelText('Free delivery from (৳)'), '2000');
    await userEvent.click(await within(second).findByRole('checkbox', { name: 'Gazipur' }));
    const others = screen.getByRole('group', { name: 'Every other district' });
    await userEvent.clear(within(others).getByLabelText('Delivery fee (৳)'));
    await userEvent.type(within(others).getByLabelText('Delivery fee (৳)'), '130.5');

    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, PUT)).toEqual([
        {
          zones: [ZONES.zones[0], { name: 'Near Dhaka', districts: ['Gazipur'], fee: 80, freeFrom: 2000 }],
          otherDistricts: { fee: 130.5, freeFrom: null },
        },
      ]),
    );
  });

  it("refuses what the server's rule refuses, with its message, before sending; and shows the server's own", async () => {
    const fetchMock = stubApi({ 'GET /api/delivery-zones': ok(ZONES), [PUT]: refused(403, 'Only admins can change this') });
    await renderPage(<DeliveryFeesPage />, { at: '/admin/delivery-fees' });
    await screen.findByRole('group', { name: 'Zone 1' });

    await userEvent.click(screen.getByRole('button', { name: 'Add a zone' }));
    const second = screen.getByRole('group', { name: 'Zone 2' });
    await userEvent.type(within(second).getByLabelText('Zone name'), 'Again');
    await userEvent.type(within(second).getByLabelText('Delivery fee (৳)'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    expect(await within(second).findByText('Delivery fee cannot be negative')).toBeInTheDocument();
    expect(within(second).getByText('A zone needs at least one district')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, PUT)).toHaveLength(0);

    await userEvent.click(within(second).getByRole('button', { name: 'Remove this zone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can change this');
  });

  it('speaks Bangla', async () => {
    stubApi({ 'GET /api/delivery-zones': ok(ZONES) });
    await act(() => setLocale('bn'));
    try {
      await renderPage(<DeliveryFeesPage />, { at: '/admin/delivery-fees' });
      const first = await screen.findByRole('group', { name: 'জোন ১' });
      expect(within(first).getByLabelText('ডেলিভারি চার্জ (৳)')).toHaveValue('৬০');
      expect(screen.getByRole('button', { name: 'জোন যোগ করুন' })).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
