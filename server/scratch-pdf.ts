import type { Order } from '../contract/orders';
import { renderInvoice } from './modules/invoices/service';
const order: Order = {
  _id: '6650f1a2b3c4d5e6f7a8b9c0', status: 'pending', paymentStatus: 'unpaid', paymentMethod: 'cash', totalPrice: 1410, deliveryFee: 60, subTotal: 1350, discount: 0, coupon: null, createdAt: '2026-03-01T10:00:00.000Z',
  items: Array.from({ length: 5 }, () => ({ productId: 'p', productName: 'জামদানি শাড়ি Jamdani saree', image: null, quantity: 1, size: null, color: null, price: 1350, subTotal: 1350 })),
  deliveryAddress: { division: 'ঢাকা', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'বাড়ি ১২' }, phone: '01712345678', customerName: 'আলিস রহমান', customerEmail: null, customerId: 'c', transaction_id: null,
};
for (let i = 0; i < 20; i++) { const t = performance.now(); const b = await renderInvoice(order); console.log(i, Math.round(performance.now() - t), 'ms', b.length); }
