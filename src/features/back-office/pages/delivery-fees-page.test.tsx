import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodiesSentTo, ok, refused, stubApi } from '@/test/api';
import { signInAs } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { DeliveryFeesPage } from './delivery-fees-page';

beforeEach(() => signInAs('admin'));

const fees = (shippingFee: number, shippingFeeOutside: number) => ok({ shippingFee, shippingFeeOutside });

describe('Delivery fees', () => {
  it('shows the fees and what checkout will charge as they are typed (in either digit set), and saves them', async () => {
    const fetchMock = stubApi({ 'GET /api/shipping-fee/get': fees(60, 120), 'POST /api/shipping-fee/add': fees(70, 130) });
    await renderPage(<DeliveryFeesPage />, { at: '/admin/delivery-fees' });

    const inside = await screen.findByLabelText('Inside Dhaka (৳)');
    expect(inside).toHaveValue('60');
    expect(screen.getByRole('region', { name: 'What checkout charges' })).toHaveTextContent('Dhaka division pays ৳60.00');

    await userEvent.clear(inside);
    await userEvent.type(inside, '70');
    await userEvent.clear(screen.getByLabelText('Outside Dhaka (৳)'));
    await userEvent.type(screen.getByLabelText('Outside Dhaka (৳)'), '১৩০.৫');
    expect(screen.getByRole('region', { name: 'What checkout charges' })).toHaveTextContent('any other division pays ৳130.50');

    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'POST /api/shipping-fee/add')).toEqual([{ shippingFee: 70, shippingFeeOutside: 130.5 }]));
  });

  it("refuses what the server's rule refuses, with its message, before sending; and shows the server's own", async () => {
    const fetchMock = stubApi({
      'GET /api/shipping-fee/get': fees(60, 120),
      'POST /api/shipping-fee/add': refused(403, 'Only admins can change this'),
    });
    await renderPage(<DeliveryFeesPage />, { at: '/admin/delivery-fees' });
    const inside = await screen.findByLabelText('Inside Dhaka (৳)');

    await userEvent.clear(inside);
    await userEvent.type(inside, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    expect(await screen.findByText('Delivery fee inside Dhaka cannot be negative')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/shipping-fee/add')).toHaveLength(0);

    await userEvent.clear(inside);
    await userEvent.type(inside, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery fees' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can change this');
  });
});
