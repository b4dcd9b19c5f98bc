import { describe, expect, it } from 'vitest';
import { codeMessage, confirmNewEmailMessage, contactChangedMessage, GREETING_NAME_MAX, greetingName, verifyEmailMessage } from './messages';

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

  it('greets by the bounded name in the verification and new-email messages, in either language', () => {
    const name = `Rahim\n\nClick https://evil.example to claim your prize ${'!'.repeat(5000)}`;
    for (const [locale, hello] of [
      ['en', 'Hello'],
      ['bn', 'প্রিয়'],
    ] as const) {
      for (const message of [
        verifyEmailMessage(name, 'https://haat.example/verify/t', locale),
        confirmNewEmailMessage(name, 'https://haat.example/confirm-email/t', locale),
      ]) {
        const greeting = message.text.split('\n')[0]!;
        expect(greeting).toBe(`${hello} ${greetingName(name)},`);
        expect(message.text.length).toBeLessThan(500);
      }
    }
  });
});

describe('account messages in Bangla', () => {
  const bangla = /[\u0980-\u09ff]/g;
  const mostlyBangla = (text: string) => (text.match(bangla)?.length ?? 0) > text.replace(/https?:\/\/\S+|\s/g, '').length / 2;

  it('writes every code message in Bangla, the code in ASCII digits for the phone to fill in and the minutes in Bangla digits', () => {
    for (const purpose of ['verification', 'password reset', 'phone number change'] as const) {
      const { subject, text } = codeMessage('4821', purpose, 'bn');
      expect(mostlyBangla(subject)).toBe(true);
      expect(mostlyBangla(text)).toBe(true);
      expect(text).toContain(' 4821।');
      expect(text).toContain('৫ মিনিটের মধ্যে');
    }
    expect(codeMessage('4821', 'verification', 'bn')).toEqual({
      subject: 'আপনার হাট যাচাইয়ের কোড',
      text: 'আপনার হাট যাচাইয়ের কোড 4821। ৫ মিনিটের মধ্যে ব্যবহার করুন। কোডটি কাউকে জানাবেন না।',
    });
  });

  it('keeps the English wording', () => {
    expect(codeMessage('4821', 'password reset', 'en')).toEqual({
      subject: 'Your haat password reset code',
      text: 'Your haat password reset code is 4821. It expires in 5 minutes. Do not share it with anyone.',
    });
    expect(contactChangedMessage('phone', '01911000003', 'https://haat.example', 'en')).toEqual({
      subject: 'Your haat phone number was changed',
      text: 'The phone number of your haat account is now 01911000003. If you did not make this change, reset your password at https://haat.example/forgot-password?lang=en.',
    });
  });

  it('writes the links and the change notice in Bangla, with the name and the new address as they are and links that open the shop in Bangla', () => {
    const verify = verifyEmailMessage('রহিম', 'https://haat.example/verify/t', 'bn');
    expect(verify.subject).toBe('আপনার হাট অ্যাকাউন্ট যাচাই করুন');
    expect(verify.text).toContain('\nhttps://haat.example/verify/t?lang=bn\n');
    expect(mostlyBangla(verify.text)).toBe(true);
    const confirm = confirmNewEmailMessage('রহিম', 'https://haat.example/confirm-email/t', 'bn');
    expect(confirm.subject).toBe('হাট-এ আপনার নতুন ইমেইল নিশ্চিত করুন');
    expect(mostlyBangla(confirm.text)).toBe(true);
    expect(confirm.text).toContain('\nhttps://haat.example/confirm-email/t?lang=bn\n');
    for (const [kind, value, what] of [
      ['email', 'rahim.new@example.com', 'ইমেইল'],
      ['phone', '01911000003', 'ফোন নম্বর'],
    ] as const) {
      const notice = contactChangedMessage(kind, value, 'https://haat.example', 'bn');
      expect(notice.subject).toBe(`আপনার হাট অ্যাকাউন্টের ${what} বদলানো হয়েছে`);
      expect(notice.text).toContain(`${what} এখন ${value}।`);
      expect(notice.text).toContain('https://haat.example/forgot-password?lang=bn থেকে');
    }
  });
});
