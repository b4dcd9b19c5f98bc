import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { scriptRuns } from '../../lib/fonts';
import { renderInvoice } from './service';

describe('scriptRuns', () => {
  it('sets Bangla (with the taka sign and the spaces inside a phrase) apart from Latin text', () => {
    expect(scriptRuns('৳1,350.00')).toEqual([
      { text: '৳', script: 'bengali' },
      { text: '1,350.00', script: 'latin' },
    ]);
    expect(scriptRuns('জামদানি শাড়ি (Dhakai)')).toEqual([
      { text: 'জামদানি শাড়ি ', script: 'bengali' },
      { text: '(Dhakai)', script: 'latin' },
    ]);
    expect(scriptRuns('Road 5, ঢাকা')).toEqual([
      { text: 'Road 5, ', script: 'latin' },
      { text: 'ঢাকা', script: 'bengali' },
    ]);
    // The zero-width joiner shapes a conjunct: it stays inside the Bangla run.
    expect(scriptRuns('র\u200Dযা')).toEqual([{ text: 'র\u200Dযা', script: 'bengali' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});

describe('renderInvoice', () => {
  it('makes a one-page PDF for a Bangla order, with the Bengali font embedded', async () => {
    const order: Order = {
      _id: '6650f1a2b3c4d5e6f7a8b9c0',
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
      cancelReason: null,
      cancelCode: null,
      cancelNote: null,
      deliveredAt: null,
      cancelledAt: null,
      cashConfirmation: null,
      tracking: null,
      totalPrice: 1410,
      deliveryFee: 60,
      subTotal: 1350,
      discount: 0,
      coupon: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      items: [
        {
          productId: 'p',
          variantId: null,
          productName: 'জামদানি শাড়ি',
          productNameBn: null,
          image: null,
          quantity: 1,
          size: null,
          color: null,
          price: 1350,
          subTotal: 1350,
        },
      ],
      deliveryAddress: { division: 'ঢাকা', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'বাড়ি ১২' },
      phone: '01712345678',
      customerName: 'আলিস রহমান',
      customerEmail: null,
      customerId: 'c',
      transaction_id: null,
    };
    const pdf = (await renderInvoice(order)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansBengali-Regular/);
  });
});
