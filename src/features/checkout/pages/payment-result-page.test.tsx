import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { stubApi } from '@/test/api';
import { CUSTOMER, signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { PaymentResultPage } from './payment-result-page';

beforeEach(() => {
  session.logout();
  stubApi({});
});

describe('PaymentResultPage', () => {
  it('after a failed payment offers the signed-in shopper to pay the same order now', async () => {
    signIn(CUSTOMER);
    await renderPage(<PaymentResultPage outcome="failed" tranId="tran00000000000000aaa1" />, { at: '/payment/failed/tran00000000000000aaa1' });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
  });

  it('offers no Pay now to someone signed out', async () => {
    await renderPage(<PaymentResultPage outcome="failed" tranId="tran00000000000000aaa1" />, { at: '/payment/failed/tran00000000000000aaa1' });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('offers no Pay now after a success', async () => {
    signIn(CUSTOMER);
    await renderPage(<PaymentResultPage outcome="success" tranId="tran00000000000000aaa1" />, { at: '/payment/success/tran00000000000000aaa1' });
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});
