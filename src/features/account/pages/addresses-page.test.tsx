import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { bodiesSentTo, ok, stubApi } from '@/test/api';
import { CUSTOMER, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { AddressesPage } from './addresses-page';

const SYLHET = { _id: 'a1', phone: '01912345678', division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'House 3', isDefault: true };
const SAVAR = { _id: 'a2', phone: '01812345678', division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 12', isDefault: false };

beforeEach(() => signIn(CUSTOMER));

describe('Addresses', () => {
  it('lists the addresses, the default marked, and makes another the default', async () => {
    const fetchMock = stubApi({
      'GET /api/addresses': ok([SYLHET, SAVAR]),
      'POST /api/addresses/a2/default': ok([
        { ...SAVAR, isDefault: true },
        { ...SYLHET, isDefault: false },
      ]),
    });
    await renderPage(<AddressesPage />, { at: '/user/addresses' });
    const list = await screen.findByRole('list', { name: 'Addresses' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('House 3, Sylhet Sadar, Sylhet, Sylhet');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Default address');
    await userEvent.click(screen.getByRole('button', { name: 'Make this my default address: House 12, Savar, Dhaka, Dhaka' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('House 12'));
    expect(bodiesSentTo(fetchMock, 'POST /api/addresses/a2/default')).toHaveLength(1);
  });

  it('adds an address through the form, refusing a wrong phone before sending', async () => {
    const fetchMock = stubApi({ 'GET /api/addresses': ok([]), 'POST /api/addresses': ok([SYLHET], 201) });
    const user = userEvent.setup();
    await renderPage(<AddressesPage />, { at: '/user/addresses' });
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'Add an address' });
    await user.type(within(form).getByLabelText('Phone Number'), '123');
    await user.type(within(form).getByLabelText('Address (house, road, area)'), 'House 3');
    const division = within(form).getByLabelText('Division');
    await waitFor(() => expect(division).toBeEnabled());
    await user.selectOptions(division, 'Sylhet');
    await user.selectOptions(within(form).getByLabelText('District'), 'Sylhet');
    await user.selectOptions(within(form).getByLabelText('City/Upazila'), 'Sylhet Sadar');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Invalid Bangladeshi phone number')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/addresses')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('Phone Number'));
    await user.type(within(form).getByLabelText('Phone Number'), '01912345678');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/addresses')).toEqual([
        { phone: '01912345678', addressDetails: 'House 3', division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', isDefault: false },
      ]),
    );
  });

  it('speaks Bangla', async () => {
    stubApi({ 'GET /api/addresses': ok([SYLHET]) });
    await act(() => setLocale('bn'));
    try {
      await renderPage(<AddressesPage />, { at: '/user/addresses' });
      expect(await screen.findByRole('button', { name: 'ঠিকানা যোগ করুন' })).toBeInTheDocument();
      expect(screen.getByText('ডিফল্ট ঠিকানা')).toBeInTheDocument();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
