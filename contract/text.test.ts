import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';
import { categoryCreateSchema, productCreateSchema, productListQuerySchema } from './catalogue';
import { idSchema } from './envelope';
import { orderCreateSchema } from './orders';
import { profileUpdateSchema } from './profile';
import { CONTROL_MESSAGE, LINE_MESSAGE, NUL_MESSAGE } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text inputs', () => {
  it('refuse the NUL character wherever they are read', () => {
    expect(firstMessage(idSchema.safeParse('abc\u0000'))).toBe(NUL_MESSAGE);
    expect(firstMessage(loginSchema.safeParse({ identifier: '\u0000', password: 'secret123' }))).toBe(NUL_MESSAGE);
    expect(firstMessage(productListQuerySchema.safeParse({ search: 'saree\u0000' }))).toBe(NUL_MESSAGE);
    const address = { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi\u0000', addressDetails: 'Road 5' };
    const order = orderCreateSchema.safeParse({
      customerName: 'Rahim',
      customerId: 'c1',
      phone: '01711000000',
      items: [{ productId: 'p1', quantity: 1 }],
      paymentMethod: 'cash',
      deliveryAddress: address,
    });
    expect(firstMessage(order)).toBe(NUL_MESSAGE);
  });

  it('refuse control characters, and line breaks and tabs in what is shown on one line', () => {
    const product = { name: 'Saree', originalPrice: '100', category: 'Fashion' };
    expect(firstMessage(productCreateSchema.safeParse({ ...product, name: 'Saree\u001b[31m' }))).toBe(CONTROL_MESSAGE);
    expect(firstMessage(productCreateSchema.safeParse({ ...product, name: 'Saree\u0085x' }))).toBe(CONTROL_MESSAGE);
    expect(firstMessage(productCreateSchema.safeParse({ ...product, name: 'Saree\nFREE' }))).toBe(LINE_MESSAGE);
    expect(firstMessage(productCreateSchema.safeParse({ ...product, colors: 'red,bl\tue' }))).toBe(LINE_MESSAGE);
    expect(firstMessage(categoryCreateSchema.safeParse({ categoryName: 'Toys\r\nSet-Cookie: x' }))).toBe(LINE_MESSAGE);
    expect(
      firstMessage(
        registerSchema.safeParse({ method: 'email', name: 'Rahim\u009b2J', email: 'r@example.com', password: 'secret123', confirmPassword: 'secret123' }),
      ),
    ).toBe(CONTROL_MESSAGE);
    expect(firstMessage(profileUpdateSchema.safeParse({ id: '0123456789abcdef01234567', name: 'Ra\u0008him' }))).toBe(CONTROL_MESSAGE);
    const order = (address: object) =>
      orderCreateSchema.safeParse({
        customerName: 'Rahim',
        customerId: 'c1',
        phone: '01711000000',
        items: [{ productId: 'p1', quantity: 1 }],
        paymentMethod: 'cash',
        deliveryAddress: address,
      });
    const address = { division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 5\nRoad 2' };
    expect(order(address).success).toBe(true);
    expect(firstMessage(order({ ...address, city: 'Savar\n' }))).toBe(LINE_MESSAGE);
    expect(firstMessage(order({ ...address, addressDetails: 'House 5\u0007' }))).toBe(CONTROL_MESSAGE);
    expect(productCreateSchema.safeParse({ ...product, description: 'Cotton.\r\n\tHand woven.' }).success).toBe(true);
  });

  it('are bounded: a name, an email and a password have a greatest length', () => {
    const base = { method: 'email', email: 'rahim@example.com', password: 'secret123', confirmPassword: 'secret123' };
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'ক'.repeat(6000) }))).toBe('Name must be at most 100 characters');
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'Rahim', email: `${'a'.repeat(250)}@example.com` }))).toBe('Invalid email');
    const long = 'x'.repeat(129);
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'Rahim', password: long, confirmPassword: long }))).toBe(
      'Password must be at most 128 characters',
    );
    expect(registerSchema.safeParse({ ...base, name: 'রহিম উদ্দিন' }).success).toBe(true);
  });
});
