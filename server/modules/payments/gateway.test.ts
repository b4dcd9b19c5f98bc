import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { paymentGateway, type SessionRequest } from './gateway';
import type { GatewayRequest, GatewayResponse } from './transport';

const settings = { provider: 'sslcommerz' as const, baseUrl: 'https://sandbox.sslcommerz.com', storeId: 'haat0test', storePassword: 'haat0test@ssl' };

/** A gateway that records what it was sent and answers what the test says. */
function fakeTransport(answer: (request: GatewayRequest) => GatewayResponse) {
  const sent: GatewayRequest[] = [];
  return {
    sent,
    transport: async (request: GatewayRequest) => {
      sent.push(request);
      return answer(request);
    },
  };
}

const session: SessionRequest = {
  tranId: '6650f1a2b3c4d5e6f7a8b9c0',
  amountPoisha: 141050,
  productName: 'জামদানি শাড়ি',
  numberOfItems: 1,
  customer: { name: 'Alice', email: 'alice@example.com', phone: '01711000001', address: 'Road 5', city: 'Dhanmondi', state: 'Dhaka' },
  urls: {
    success: 'https://shop.example/api/payment/success',
    fail: 'https://shop.example/api/payment/fail',
    cancel: 'https://shop.example/api/payment/cancel',
    ipn: 'https://shop.example/api/payment/ipn',
  },
  orderId: 'order-1',
};

describe('the SSLCommerz v4 client', () => {
  it('opens a session with a form post to gwprocess/v4 and answers the GatewayPageURL', async () => {
    const fake = fakeTransport(() => ({
      status: 200,
      body: JSON.stringify({ status: 'SUCCESS', sessionkey: 'ABC123', GatewayPageURL: 'https://sandbox.sslcommerz.com/EasyCheckOut/testcdeABC123' }),
    }));
    const gateway = paymentGateway(settings, fake.transport);
    expect(await gateway.openSession(session)).toEqual({ sessionKey: 'ABC123', gatewayUrl: 'https://sandbox.sslcommerz.com/EasyCheckOut/testcdeABC123' });
    expect(fake.sent).toHaveLength(1);
    const [request] = fake.sent;
    expect(request).toMatchObject({ method: 'POST', url: 'https://sandbox.sslcommerz.com/gwprocess/v4/api.php' });
    expect(request!.form).toMatchObject({
      store_id: 'haat0test',
      store_passwd: 'haat0test@ssl',
      total_amount: '1410.50',
      currency: 'BDT',
      tran_id: session.tranId,
      success_url: session.urls.success,
      fail_url: session.urls.fail,
      cancel_url: session.urls.cancel,
      ipn_url: session.urls.ipn,
      cus_name: 'Alice',
      cus_email: 'alice@example.com',
      cus_phone: '01711000001',
      shipping_method: 'Courier',
      num_of_item: '1',
      product_name: 'জামদানি শাড়ি',
      value_a: 'order-1',
    });
  });

  it('answers 502 when the gateway refuses, fails or answers something else than JSON', async () => {
    const answers: GatewayResponse[] = [
      { status: 200, body: JSON.stringify({ status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' }) },
      { status: 500, body: 'oops' },
      { status: 200, body: '<html>maintenance</html>' },
    ];
    for (const answer of answers) {
      const gateway = paymentGateway(settings, fakeTransport(() => answer).transport);
      const error = await gateway.openSession(session).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(502);
    }
    const unreachable = paymentGateway(settings, async () => {
      throw new Error('ECONNREFUSED');
    });
    await expect(unreachable.validate('V1')).rejects.toMatchObject({ statusCode: 502 });
  });

  it('validates with a GET to the validation API carrying val_id and the store credentials', async () => {
    const fake = fakeTransport(() => ({ status: 200, body: JSON.stringify({ status: 'VALID', amount: 1410.5, tran_id: 'T', currency: 'BDT' }) }));
    const answer = await paymentGateway(settings, fake.transport).validate('240601ABC');
    expect(answer).toMatchObject({ status: 'VALID', amount: '1410.5', tran_id: 'T', currency: 'BDT' });
    const url = new URL(fake.sent[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.sslcommerz.com/validator/api/validationserverAPI.php');
    expect(Object.fromEntries(url.searchParams)).toEqual({ val_id: '240601ABC', store_id: 'haat0test', store_passwd: 'haat0test@ssl', v: '1', format: 'json' });
  });

  it('initiates a refund with bank_tran_id, refund_amount, refund_remarks and refe_id', async () => {
    const fake = fakeTransport(() => ({
      status: 200,
      body: JSON.stringify({ APIConnect: 'DONE', status: 'success', refund_ref_id: 'R1', bank_tran_id: 'B1' }),
    }));
    const answer = await paymentGateway(settings, fake.transport).refund({
      bankTranId: 'B1',
      amountPoisha: 141000,
      remarks: 'Refund of order 1',
      referenceId: 'refund-1',
    });
    expect(answer).toEqual({ status: 'success', refundRefId: 'R1' });
    const url = new URL(fake.sent[0]!.url);
    expect(url.pathname).toBe('/validator/api/merchantTransIDvalidationAPI.php');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      bank_tran_id: 'B1',
      refund_amount: '1410.00',
      refund_remarks: 'Refund of order 1',
      refe_id: 'refund-1',
      store_id: 'haat0test',
    });

    const refused = fakeTransport(() => ({ status: 200, body: JSON.stringify({ APIConnect: 'DONE', status: 'failed', errorReason: 'Already refunded' }) }));
    await expect(
      paymentGateway(settings, refused.transport).refund({ bankTranId: 'B1', amountPoisha: 1, remarks: 'x', referenceId: 'y' }),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: 'The payment gateway refused the refund: Already refunded',
    });
  });
});
