import { describe, expect, it } from 'vitest';
import { orderCreateSchema } from '@contract/orders';
import checkoutEnglish from '@/messages/checkout/en';
import { checkoutFormSchema, locationToast } from './form';
import { buildOrderPayload, newIdempotencyKey } from './payload';

const user = { _id: 'u1', name: 'Rahima Akter', email: 'rahima@example.com' };
const items = [
  { productId: 'p1', productName: 'Nakshi kantha', image: '/media/a.jpg', quantity: 2, price: 849.15, color: 'red', size: 'L' },
  { productId: 'p2', productName: 'Gamchha', image: '', quantity: 1, price: 250 },
];
const form = checkoutFormSchema.parse({
  paymentMethod: 'mobile-banking',
  paymentNumber: ' 01712345678 ',
  phone: '01812345678',
  addressDetails: ' House 5, Road 2 ',
  division: 'Dhaka',
  district: 'Dhaka',
  city: 'Savar',
  coupon: ' SAVE20 ',
});

describe('order payload', () => {
  it('carries the spec fields, the session user and the lines', () => {
    const payload = buildOrderPayload({ user, items, form, deliveryFee: 60, totalPrice: 2008 });
    expect(payload).toEqual({
      customerName: 'Rahima Akter',
      customerEmail: 'rahima@example.com',
      customerId: 'u1',
      phone: '01812345678',
      cuopon: 'SAVE20',
      items: [
        { productId: 'p1', productName: 'Nakshi kantha', image: '/media/a.jpg', quantity: 2, size: 'L', color: 'red', subTotal: 1698.3 },
        { productId: 'p2', productName: 'Gamchha', image: '', quantity: 1, subTotal: 250 },
      ],
      totalPrice: 2008,
      paymentMethod: 'mobile-banking',
      paymentNumber: '01712345678',
      deliveryFee: 60,
      deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 5, Road 2' },
    });
    // The server's own schema accepts it.
    expect(orderCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('drops a payment number typed before switching back to cash, and sends an empty coupon as empty', () => {
    const payload = buildOrderPayload({
      user: { ...user, email: null },
      items,
      form: { ...form, paymentMethod: 'cash', coupon: '' },
      deliveryFee: 120,
      totalPrice: 2068,
    });
    expect(payload.paymentNumber).toBe('');
    expect(payload.cuopon).toBe('');
    expect(payload.customerEmail).toBe('');
    expect(orderCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('makes a fresh idempotency key each time, within the server limits', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});

describe('checkout form rules', () => {
  const valid = {
    paymentMethod: 'cash',
    paymentNumber: '',
    phone: '01712345678',
    addressDetails: 'Road 1',
    division: 'Dhaka',
    district: 'Dhaka',
    city: 'Savar',
    coupon: '',
  };
  const messages = (values: object) => checkoutFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('accepts a complete form', () => {
    expect(checkoutFormSchema.safeParse(valid).success).toBe(true);
  });

  it('has the spec messages', () => {
    expect(messages({ ...valid, phone: '', addressDetails: '  ', division: '', district: '', city: '' })).toEqual([
      ['phone', 'Phone number is required'],
      ['phone', 'Invalid Bangladeshi phone number'],
      ['addressDetails', 'Address is required'],
      ['division', 'Division is required'],
      ['district', 'District is required'],
      ['city', 'City/Upazila is required'],
    ]);
  });

  it.each(['0171234567', '017123456789', '01212345678', '02712345678', '+91 98100 00000'])('refuses the phone %s', (phone) => {
    expect(messages({ ...valid, phone })).toEqual([['phone', 'Invalid Bangladeshi phone number']]);
  });

  it.each(['+880 1712-345678', '8801712345678', '01712 345678', '০১৭১২৩৪৫৬৭৮'])('reads the phone %s as 01712345678', (phone) => {
    expect(checkoutFormSchema.parse({ ...valid, phone }).phone).toBe('01712345678');
  });

  it('toasts the first missing place, top down', () => {
    const toast = (invalid: Record<string, object>) => checkoutEnglish[locationToast(invalid)!];
    expect(toast({ division: {}, district: {}, city: {} })).toBe('Please select a division');
    expect(toast({ phone: {}, district: {}, city: {} })).toBe('Please select a district');
    expect(toast({ city: {} })).toBe('Please select a city/upazila');
    expect(locationToast({ phone: {} })).toBeNull();
  });
});
