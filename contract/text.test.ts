import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';
import { productListQuerySchema } from './catalogue';
import { idSchema } from './envelope';
import { orderCreateSchema } from './orders';
import { NUL_MESSAGE } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text inputs', () => {
  it('refuse the NUL character wherever they are read', () => {
    expect(firstMessage(idSchema.safeParse('abc\u0000'))).toBe(NUL_MESSAGE);
    expect(firstMessage(loginSchema.safeParse({ identifier: '\u0000', password: 'secret123' }))).toBe(NUL_MESSAGE);
    expect(firstMessage(productListQuerySchema.safeParse({ search: 'saree\u0000' }))).toBe(NUL_MESSAGE);
    const address = { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi\u0000', addressDetails: 'Road 5' };
    const order = orderCreateSchema.safeParse({ customerName: 'Rahim', customerId: 'c1', phone: '01711000000', items: [{ productId: 'p1', quantity: 1 }], paymentMethod: 'cash', deliveryAddress: address });
    expect(firstMessage(order)).toBe(NUL_MESSAGE);
  });

  it('are bounded: a name, an email and a password have a greatest length', () => {
    const base = { method: 'email', email: 'rahim@example.com', password: 'secret123', confirmPassword: 'secret123' };
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'ক'.repeat(6000) }))).toBe('Name must be at most 100 characters');
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'Rahim', email: `${'a'.repeat(250)}@example.com` }))).toBe('Invalid email');
    const long = 'x'.repeat(129);
    expect(firstMessage(registerSchema.safeParse({ ...base, name: 'Rahim', password: long, confirmPassword: long }))).toBe('Password must be at most 128 characters');
    expect(registerSchema.safeParse({ ...base, name: 'রহিম উদ্দিন' }).success).toBe(true);
  });
});
