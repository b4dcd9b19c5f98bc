import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, orderEmail, orderSms, type OrderMessageKey } from './messages';

/** A shop address as long as messages are written for (40 characters). */
const LONG_ORIGIN = 'https://shop.haat-bazaar-examples.com.bd';
const facts = { number: 'a1b2c3', total: 123456.5, link: `${LONG_ORIGIN}/user/my-orders` };
expect(LONG_ORIGIN).toHaveLength(40);
const keys = Object.keys(ORDER_MESSAGES.en) as OrderMessageKey[];

describe('order messages', () => {
  it.each(keys)('%s: an SMS of one segment (ASCII, at most 160 characters) with the order number and link', (key) => {
    const sms = orderSms(key, facts);
    expect(sms).toMatch(/^[\x20-\x7e]+$/);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toContain('#a1b2c3');
    expect(sms.endsWith(facts.link)).toBe(true);
  });

  it.each(keys)('%s: an email with the number in its subject, greeting the customer by a bounded name', (key) => {
    const mail = orderEmail(key, facts, 'Rahim\n\nClick here');
    expect(mail.subject).toContain('#a1b2c3');
    expect(mail.text.split('\n')[0]).toBe('Hello Rahim Click here,');
    expect(mail.text).toContain(facts.link);
  });

  it("names the parcel's courier and code, cut to keep one segment, and the courier's page in the email", () => {
    const tracked = { ...facts, tracking: { courier: 'Sundarban Courier Service Limited', code: 'X'.repeat(60), url: 'https://courier.example/t/1' } };
    const sms = orderSms('shipped-tracked', tracked);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toContain('Sundarban Courier Se');
    expect(orderSms('shipped-tracked', { ...facts, tracking: { courier: 'Steadfast', code: '15BAEB8A', url: null } })).toBe(
      `haat: Order #a1b2c3 is on its way: Steadfast 15BAEB8A. Track: ${facts.link}`,
    );
    expect(orderEmail('shipped-tracked', tracked, 'Rahim').text).toContain('Sundarban Courier Service Limited: https://courier.example/t/1');
  });

  it('writes amounts in ASCII with Bangladeshi grouping', () => {
    expect(orderSms('paid', facts)).toContain('Tk 1,23,456.50');
    expect(orderSms('refunded', { ...facts, total: 1058 })).toContain('Tk 1,058 ');
  });
});

describe('order messages in Bangla', () => {
  it('has every message English has', () => {
    expect(Object.keys(ORDER_MESSAGES.bn).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s: an SMS of at most three Unicode segments (201 characters) in Bangla, the number in Bangla digits, the link last', (key) => {
    const sms = orderSms(key, facts, 'bn');
    expect(sms).toMatch(/[\u0980-\u09ff]/);
    expect(sms.length).toBeLessThanOrEqual(3 * 67);
    expect(sms).not.toMatch(/\b(order|your|the)\b/i);
    expect(sms.endsWith(facts.link)).toBe(true);
  });

  it('writes amounts with the taka sign and Bangla digits, keeps the order number as it is, and greets in Bangla', () => {
    expect(orderSms('paid', { ...facts, number: '38a012' }, 'bn')).toContain('#38a012');
    expect(orderSms('paid', facts, 'bn')).toContain('৳১,২৩,৪৫৬.৫০');
    const mail = orderEmail('shipped', facts, 'রহিম', 'bn');
    expect(mail.text.split('\n')[0]).toBe('প্রিয় রহিম,');
    expect(mail.subject).toMatch(/^হাট অর্ডার/);
  });
});
