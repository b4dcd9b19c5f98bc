import { describe, expect, it } from 'vitest';
import { couponCreateSchema, couponListQuerySchema, couponUpdateSchema } from './coupons';

/** The coupon form in the back office validates with these schemas before anything is sent. */
describe('coupon schemas', () => {
  it('read a date as a whole day in Bangladesh, a date-time by its offset, and absent terms as none', () => {
    expect(couponCreateSchema.parse({ code: 'EID', kind: 'percent', value: 10, validFrom: '2026-12-01', validTo: '2026-12-31' })).toEqual({
      code: 'EID',
      kind: 'percent',
      value: 10,
      minOrder: null,
      validFrom: '2026-11-30T18:00:00.000Z',
      validTo: '2026-12-31T17:59:59.999Z',
      usageLimit: null,
      perCustomerLimit: null,
    });
    expect(couponCreateSchema.parse({ code: 'EID', kind: 'fixed', value: 10, validTo: '2026-12-31T12:00:00+06:00' }).validTo).toBe('2026-12-31T06:00:00.000Z');
  });

  it('name the field a cross-field rule is about, so the form shows the message beside it', () => {
    const percent = couponCreateSchema.safeParse({ code: 'BIG', kind: 'percent', value: 150 });
    expect(percent.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['value', 'A percent discount must be at most 100']]);
    const dates = couponUpdateSchema.safeParse({ validFrom: '2026-12-10', validTo: '2026-12-09' });
    expect(dates.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['validTo', 'The end date must not be before the start date']]);
  });

  it('let an update carry only some fields, null clearing one, and a fixed amount over 100', () => {
    expect(couponUpdateSchema.parse({ minOrder: null, validTo: '' })).toEqual({ minOrder: null, validTo: null });
    expect(couponUpdateSchema.parse({ kind: 'fixed', value: 500 })).toEqual({ kind: 'fixed', value: 500 });
  });

  it('page the list 20 at a time from page 1 unless asked', () => {
    expect(couponListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(couponListQuerySchema.parse({ page: '3', limit: '50', search: ' eid ' })).toEqual({ page: 3, limit: 50, search: 'eid' });
  });
});
