import { describe, expect, it } from 'vitest';
import { confirmNewEmailMessage, GREETING_NAME_MAX, greetingName, verifyEmailMessage } from './messages';

describe('names in account mail', () => {
  it('greets an ordinary name as it is, Bangla included', () => {
    expect(greetingName('Rahim Uddin')).toBe('Rahim Uddin');
    expect(greetingName('রহিম উদ্দিন')).toBe('রহিম উদ্দিন');
  });

  it('keeps a name to one line without control characters', () => {
    expect(greetingName('Rahim\r\n\r\nYour account is locked.\tCall 01700000000\u0007')).toBe('Rahim Your account is locked. Call 0170…');
    expect(greetingName('a\u2028b\u2029c\u0000d')).toBe('a b c d');
  });

  it(`cuts a long name to ${GREETING_NAME_MAX} characters`, () => {
    const greeted = greetingName('x'.repeat(10_000));
    expect([...greeted]).toHaveLength(GREETING_NAME_MAX);
    expect(greeted.endsWith('…')).toBe(true);
  });

  it('greets by the bounded name in the verification and new-email messages', () => {
    const name = `Rahim\n\nClick https://evil.example to claim your prize ${'!'.repeat(5000)}`;
    for (const message of [verifyEmailMessage(name, 'https://haat.example/verify/t'), confirmNewEmailMessage(name, 'https://haat.example/confirm-email/t')]) {
      const greeting = message.text.split('\n')[0]!;
      expect(greeting).toBe(`Hello ${greetingName(name)},`);
      expect(message.text.length).toBeLessThan(500);
    }
  });
});
