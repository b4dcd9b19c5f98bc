import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxTransactions } from '../../../db/schema';
import { createTestApp, useShop } from '../../../test/harness';
import { stockShop, type StockedShop } from '../../orders/test-fixtures';
import { gatewaySettings } from '../gateway';
import { placeMobileBankingOrder, postForm, pressAndReturn } from '../test-fixtures';

const t = useShop({ people: true });
let shop: StockedShop;
beforeEach(async () => {
  shop = await stockShop(t);
});

describe('the sandbox gateway endpoints', () => {
  it('refuses to open a session with wrong store credentials', async () => {
    const res = await postForm(t, '/sandbox/gwprocess/v4/api.php', {
      store_id: 'haat-sandbox',
      store_passwd: 'guess',
      total_amount: '10.00',
      currency: 'BDT',
      tran_id: 'x',
    });
    expect(res.json()).toMatchObject({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active', GatewayPageURL: '' });
    expect(await t.db.select().from(sandboxTransactions)).toEqual([]);
  });

  it('answers the validation API only to the store, and INVALID_TRANSACTION for unpaid sessions', async () => {
    const { forms } = await placeMobileBankingOrder(t, shop, shop.alice);
    const { storeId, storePassword } = gatewaySettings(t.config);
    const validate = (password: string) =>
      t.app.inject({
        method: 'GET',
        url: `/sandbox/validator/api/validationserverAPI.php?${new URLSearchParams({ val_id: forms.pay.fields.val_id!, store_id: storeId, store_passwd: password, format: 'json' })}`,
      });
    expect((await validate(storePassword)).json()).toEqual({ status: 'INVALID_TRANSACTION' });
    await pressAndReturn(t, forms.pay, 'success');
    expect((await validate(storePassword)).json()).toMatchObject({ status: 'VALID', amount: '1410.00', currency: 'BDT', val_id: forms.pay.fields.val_id });
    expect((await validate('wrong')).json()).toMatchObject({ status: 'INVALID_REQUEST' });
  });

  it('answers unknown sandbox paths with its own 404, never the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('There is no sandbox gateway page here.');
    const missing = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${'A'.repeat(32)}` });
    expect(missing.statusCode).toBe(404);
  });

  it('is not there with PAYMENT_PROVIDER=sslcommerz', async () => {
    const live = await createTestApp({ PAYMENT_PROVIDER: 'sslcommerz', SSLCZ_STORE_ID: 'shop', SSLCZ_STORE_PASSWORD: 'secret@ssl' });
    try {
      const res = await postForm(live, '/sandbox/gwprocess/v4/api.php', {});
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
