import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { stubApi, stubNetworkDown } from '@/test/api';
import { CUSTOMER, makeOrder, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { accountKeys } from '../api';
import { DashboardPage } from './dashboard-page';
import { MyOrdersPage } from './my-orders-page';
import { RefundRequestPage } from './refund-request-page';
import { SettingsPage } from './settings-page';

const ORDERS_NOT_SAVED = 'Your orders have not been saved for offline use. Connect to the internet to see them.';

beforeEach(() => {
  signIn();
  onlineManager.setOnline(false);
});

describe('customer area offline', () => {
  it('My Orders never loaded: says so instead of skeleton cards', async () => {
    const fetchMock = stubApi({});
    const { container } = await renderPage(<MyOrdersPage />, { at: '/user/my-orders' });
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText(ORDERS_NOT_SAVED)).toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('My Orders loaded before: shows the last loaded orders', async () => {
    stubApi({});
    const { queryClient } = await renderPage(<MyOrdersPage />, { at: '/user/my-orders' });
    queryClient.setQueryData(accountKeys.orders(CUSTOMER._id), [makeOrder()]);
    expect(await screen.findByRole('article', { name: '#abc123' })).toBeInTheDocument();
    expect(screen.queryByText(ORDERS_NOT_SAVED)).not.toBeInTheDocument();
  });

  it('Dashboard never loaded: says so instead of skeleton figures', async () => {
    stubApi({});
    await renderPage(<DashboardPage />, { at: '/user' });
    expect(await screen.findByText(ORDERS_NOT_SAVED)).toBeInTheDocument();
    expect(document.querySelector('.animate-pulse')).toBeNull();
  });

  it("Refund Request never loaded: says so instead of 'Loading...'", async () => {
    stubApi({});
    await renderPage(<RefundRequestPage />, { at: '/user/refund-request' });
    expect(await screen.findByText('Your refund requests have not been saved for offline use. Connect to the internet to see them.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('Settings: says changes cannot be saved, and a save fails at once instead of waiting, busy', async () => {
    stubNetworkDown();
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderPage(<SettingsPage />, { at: '/user/profile' });

    expect(screen.getByText('Changes cannot be saved until you are back online.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rahim U.');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update profile'));
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });
});
