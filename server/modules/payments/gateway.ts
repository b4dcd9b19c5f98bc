import { createHmac } from 'node:crypto';
import { apiMessage } from '../../../contract/api-messages';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { CURRENCY, formatAmount, parseGatewayJson, PATHS, textFields, verifySignature, type Fields, type ValidationAnswer } from './protocol';
import type { Transport } from './transport';

export type GatewaySettings = {
  provider: 'sandbox' | 'sslcommerz';
  /** SSLCommerz's base URL, or ours + /sandbox. */
  baseUrl: string;
  storeId: string;
  storePassword: string;
};

/** Where the configured gateway lives and the store's credentials there. */
export function gatewaySettings(config: Pick<Config, 'payment' | 'publicUrl' | 'jwtSecret'>): GatewaySettings {
  const { provider, storeId, storePassword, baseUrl } = config.payment;
  if (provider === 'sslcommerz') {
    if (!storeId || !storePassword) throw new Error('PAYMENT_PROVIDER=sslcommerz needs SSLCZ_STORE_ID and SSLCZ_STORE_PASSWORD');
    return { provider, baseUrl, storeId, storePassword };
  }
  return {
    provider,
    baseUrl: `${config.publicUrl}/sandbox`,
    storeId: storeId ?? 'haat-sandbox',
    // Derived from the server secret rather than a well-known default, so nobody outside can sign sandbox callbacks.
    storePassword: storePassword ?? createHmac('sha256', config.jwtSecret).update('sandbox store password').digest('base64url'),
  };
}

export type SessionRequest = {
  tranId: string;
  amountPoisha: number;
  productName: string;
  numberOfItems: number;
  customer: { name: string; email: string; phone: string; address: string; city: string; state: string };
  urls: { success: string; fail: string; cancel: string; ipn: string };
  /** Our order id, echoed back as value_a. */
  orderId: string;
};

export type RefundRequest = { bankTranId: string; amountPoisha: number; remarks: string; referenceId: string };
export type RefundAnswer = { status: 'success' | 'processing'; refundRefId: string | null };

/** The merchant's side of the SSLCommerz v4 protocol; the only code that talks to the gateway. */
export type PaymentGateway = {
  provider: GatewaySettings['provider'];
  /** verify_sign of a callback or IPN, with our store password. */
  verify(fields: Fields): boolean;
  openSession(request: SessionRequest): Promise<{ sessionKey: string; gatewayUrl: string }>;
  validate(valId: string): Promise<ValidationAnswer>;
  refund(request: RefundRequest): Promise<RefundAnswer>;
};

const UNREACHABLE = 'The payment gateway is not answering. Please try again in a moment.';

export function paymentGateway(settings: GatewaySettings, transport: Transport): PaymentGateway {
  const { baseUrl, storeId, storePassword } = settings;

  async function call(method: 'GET' | 'POST', path: string, fields: Fields): Promise<Fields> {
    const query = method === 'GET' ? `?${new URLSearchParams(fields).toString()}` : '';
    let body: string;
    try {
      const res = await transport({ method, url: `${baseUrl}${path}${query}`, form: method === 'POST' ? fields : undefined });
      if (res.status < 200 || res.status >= 300) throw new Error(`status ${res.status}`);
      body = res.body;
    } catch {
      throw new HttpError(502, UNREACHABLE);
    }
    const answer = parseGatewayJson(body);
    if (!answer) throw new HttpError(502, UNREACHABLE);
    return textFields(answer);
  }

  return {
    provider: settings.provider,
    verify: (fields) => verifySignature(fields, storePassword),

    async openSession(request) {
      const { customer, urls } = request;
      const answer = await call('POST', PATHS.session, {
        store_id: storeId,
        store_passwd: storePassword,
        total_amount: formatAmount(request.amountPoisha),
        currency: CURRENCY,
        tran_id: request.tranId,
        success_url: urls.success,
        fail_url: urls.fail,
        cancel_url: urls.cancel,
        ipn_url: urls.ipn,
        cus_name: customer.name,
        cus_email: customer.email,
        cus_add1: customer.address,
        cus_city: customer.city,
        cus_state: customer.state,
        cus_postcode: '0000',
        cus_country: 'Bangladesh',
        cus_phone: customer.phone,
        shipping_method: 'Courier',
        num_of_item: String(request.numberOfItems),
        ship_name: customer.name,
        ship_add1: customer.address,
        ship_city: customer.city,
        ship_state: customer.state,
        ship_postcode: '0000',
        ship_country: 'Bangladesh',
        product_name: request.productName,
        product_category: 'General',
        product_profile: 'physical-goods',
        value_a: request.orderId,
      });
      if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL || !answer.sessionkey) {
        throw new HttpError(502, apiMessage('gatewayRefusedPayment', answer.failedreason ?? ''));
      }
      return { sessionKey: answer.sessionkey, gatewayUrl: answer.GatewayPageURL };
    },

    validate: (valId) => call('GET', PATHS.validation, { val_id: valId, store_id: storeId, store_passwd: storePassword, v: '1', format: 'json' }),

    async refund(request) {
      const answer = await call('GET', PATHS.refund, {
        bank_tran_id: request.bankTranId,
        refund_amount: formatAmount(request.amountPoisha),
        refund_remarks: request.remarks,
        refe_id: request.referenceId,
        store_id: storeId,
        store_passwd: storePassword,
        v: '1',
        format: 'json',
      });
      if (answer.APIConnect !== 'DONE' || (answer.status !== 'success' && answer.status !== 'processing')) {
        throw new HttpError(502, apiMessage('gatewayRefusedRefund', answer.errorReason ?? ''));
      }
      return { status: answer.status, refundRefId: answer.refund_ref_id ?? null };
    },
  };
}
