import { describe, expect, it } from 'vitest';
import { bdPhoneSchema, normalizeBdPhone } from './phone';

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['01711000000', '01711000000'],
    ['+880 1711-000000', '01711000000'],
    ['8801711000000', '01711000000'],
    ['+8801711000000', '01711000000'],
    ['00880 1711 000 000', '01711000000'],
    [' 01711 000000 ', '01711000000'],
    ['017-1100-0000', '01711000000'],
    ['(+880) 1911.000.000', '01911000000'],
    ['০১৭১১০০০০০০', '01711000000'],
    ['+৮৮০ ১৭১১-০০০০০০', '01711000000'],
  ])('reads %s as %s', (typed, stored) => {
    expect(normalizeBdPhone(typed)).toBe(stored);
  });

  it('gives anything that is not a mobile number back trimmed, for the pattern to refuse', () => {
    for (const typed of [' 01211000000 ', '0171100000', '017110000000', '+91 98100 00000', 'rahim@example.com', '']) {
      expect(normalizeBdPhone(typed)).toBe(typed.trim());
    }
  });

  it('a phone field stores the one form and refuses the rest with its message', () => {
    const phone = bdPhoneSchema('Invalid phone number', 'Phone number is required');
    expect(phone.parse('+880 1711-000000')).toBe('01711000000');
    expect(phone.safeParse('01211000000').error?.issues[0]?.message).toBe('Invalid phone number');
    expect(phone.safeParse('  ').error?.issues[0]?.message).toBe('Phone number is required');
    expect(phone.safeParse(17110000).error?.issues[0]?.message).toBe('Phone number is required');
  });
});
