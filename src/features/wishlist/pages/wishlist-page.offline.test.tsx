import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api';
import { listedProduct, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { wishlistKeys } from '../api';
import { WishlistPage } from './wishlist-page';

beforeEach(() => {
  signIn();
  onlineManager.setOnline(false);
});

describe('wishlist offline', () => {
  it('never loaded: says so instead of the skeleton', async () => {
    const fetchMock = stubApi({});
    await renderPage(<WishlistPage />, { at: '/wishlist' });
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByText('Your wishlist has not been saved for offline use. Connect to the internet to see it.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading wishlist' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loaded before: shows the last loaded list; Refresh waits for the connection rather than spinning', async () => {
    stubApi({});
    const { queryClient } = await renderPage(<WishlistPage />, { at: '/wishlist' });
    queryClient.setQueryData(wishlistKeys.of('u1'), [listedProduct(1, { productName: 'Jamdani Saree' })]);

    expect(await screen.findByRole('listitem', { name: 'Jamdani Saree' })).toBeInTheDocument();
    expect(screen.getByText('1 item saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();

    onlineManager.setOnline(true);
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
  });
});
