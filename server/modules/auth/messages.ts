import { addressInLanguage, toLocaleDigits, type Locale } from '../../../contract/locale';
import type { AccountMessage } from '../../adapters/courier';
import { OTP_TTL_MS } from './secrets';

/** The longest name a message greets in full. */
export const GREETING_NAME_MAX = 40;

/**
 * A name as a message greets it. Whoever types an address also chooses the name mailed to it, so the name is one
 * line without control characters and at most GREETING_NAME_MAX characters: it cannot fill or lay out the message.
 */
export function greetingName(name: string): string {
  const line = name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...line];
  return characters.length > GREETING_NAME_MAX
    ? `${characters
        .slice(0, GREETING_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

type CodePurpose = 'verification' | 'password reset' | 'phone number change';
/** The kinds of contact an account has, each of which can be changed. */
export type ContactKind = 'email' | 'phone';

/** Every account message in one language: the texts around the code, link, name or address each one carries. */
type AccountTexts = {
  codeSubject: Record<CodePurpose, string>;
  code: (purpose: CodePurpose, code: string) => string;
  verifyEmailSubject: string;
  verifyEmail: (name: string, link: string) => string;
  confirmNewEmailSubject: string;
  confirmNewEmail: (name: string, link: string) => string;
  contactChangedSubject: (kind: ContactKind) => string;
  contactChanged: (kind: ContactKind, value: string, resetLink: string) => string;
  codesLockedSubject: string;
  codesLocked: (about: LockedCodes) => string;
  alreadyRegisteredSubject: string;
  alreadyRegistered: (signInLink: string, resetLink: string) => string;
};

/** Whose codes were locked: an account's (reset, phone change), or those of a sign-up with this phone number. */
export type LockedCodes = 'account' | 'sign-up';

const OTP_MINUTES = OTP_TTL_MS / 60_000;
const ENGLISH_CONTACT: Record<ContactKind, string> = { email: 'email', phone: 'phone number' };

const ENGLISH: AccountTexts = {
  codeSubject: {
    verification: 'Your haat verification code',
    'password reset': 'Your haat password reset code',
    'phone number change': 'Your haat phone number change code',
  },
  code: (purpose, code) => `Your haat ${purpose} code is ${code}. It expires in ${OTP_MINUTES} minutes. Do not share it with anyone.`,
  verifyEmailSubject: 'Verify your haat account',
  verifyEmail: (name, link) =>
    `Hello ${name},\n\nOpen this link to verify your haat account:\n${link}\n\n` +
    'The link is valid for 24 hours. You will be asked for the password you chose. If you did not sign up, you can ignore this message.',
  confirmNewEmailSubject: 'Confirm your new haat email',
  confirmNewEmail: (name, link) =>
    `Hello ${name},\n\nOpen this link to make this address the email of your haat account:\n${link}\n\n` +
    'The link is valid for 24 hours and works while you are signed in to that account. If you did not ask for this, you can ignore this message.',
  contactChangedSubject: (kind) => `Your haat ${ENGLISH_CONTACT[kind]} was changed`,
  contactChanged: (kind, value, resetLink) =>
    `The ${ENGLISH_CONTACT[kind]} of your haat account is now ${value}. If you did not make this change, reset your password at ${resetLink}.`,
  codesLockedSubject: 'Someone is trying codes for your haat account',
  codesLocked: (about) =>
    about === 'account'
      ? 'Someone entered many wrong codes for your haat account. For your safety its codes will not work for the next hour; signing in with your password still works. Never share a code with anyone.'
      : 'Someone entered many wrong codes to sign up for haat with this phone number. Its sign-up codes will not work for the next hour. If it was not you, no account was made.',
  alreadyRegisteredSubject: 'Someone tried to sign up for haat with your address',
  alreadyRegistered: (signInLink, resetLink) =>
    `Someone tried to sign up for haat with this address, which already has an account. If it was you, sign in at ${signInLink}, or reset your password at ${resetLink}. If it was not, you can ignore this message: nothing was changed.`,
};

const BANGLA_PURPOSE: Record<CodePurpose, string> = {
  verification: 'যাচাইয়ের',
  'password reset': 'পাসওয়ার্ড রিসেটের',
  'phone number change': 'ফোন নম্বর বদলের',
};
const BANGLA_CONTACT: Record<ContactKind, string> = { email: 'ইমেইল', phone: 'ফোন নম্বর' };

/**
 * The same messages in Bangla. The code itself stays in ASCII digits: phones offer to fill in a code they find in an
 * SMS only when its digits are ASCII, and the code boxes take either digit set.
 */
const BANGLA: AccountTexts = {
  codeSubject: {
    verification: 'আপনার হাট যাচাইয়ের কোড',
    'password reset': 'আপনার হাট পাসওয়ার্ড রিসেটের কোড',
    'phone number change': 'আপনার হাট ফোন নম্বর বদলের কোড',
  },
  code: (purpose, code) =>
    `আপনার হাট ${BANGLA_PURPOSE[purpose]} কোড ${code}। ${toLocaleDigits(String(OTP_MINUTES), 'bn')} মিনিটের মধ্যে ব্যবহার করুন। কোডটি কাউকে জানাবেন না।`,
  verifyEmailSubject: 'আপনার হাট অ্যাকাউন্ট যাচাই করুন',
  verifyEmail: (name, link) =>
    `প্রিয় ${name},\n\nআপনার হাট অ্যাকাউন্ট যাচাই করতে এই লিংকটি খুলুন:\n${link}\n\n` +
    'লিংকটি ২৪ ঘণ্টা কাজ করবে। নিবন্ধনের সময় যে পাসওয়ার্ড দিয়েছিলেন, সেটি চাওয়া হবে। আপনি নিবন্ধন না করে থাকলে এই ইমেইলটি উপেক্ষা করুন।',
  confirmNewEmailSubject: 'হাট-এ আপনার নতুন ইমেইল নিশ্চিত করুন',
  confirmNewEmail: (name, link) =>
    `প্রিয় ${name},\n\nএই ঠিকানাটিকে আপনার হাট অ্যাকাউন্টের ইমেইল করতে লিংকটি খুলুন:\n${link}\n\n` +
    'লিংকটি ২৪ ঘণ্টা কাজ করবে, আর সেই অ্যাকাউন্টে সাইন ইন থাকা অবস্থায় খুলতে হবে। আপনি এটি না চেয়ে থাকলে এই ইমেইলটি উপেক্ষা করুন।',
  contactChangedSubject: (kind) => `আপনার হাট অ্যাকাউন্টের ${BANGLA_CONTACT[kind]} বদলানো হয়েছে`,
  contactChanged: (kind, value, resetLink) =>
    `আপনার হাট অ্যাকাউন্টের ${BANGLA_CONTACT[kind]} এখন ${value}। এই পরিবর্তন আপনি না করে থাকলে ${resetLink} থেকে পাসওয়ার্ড রিসেট করুন।`,
  codesLockedSubject: 'কেউ আপনার হাট অ্যাকাউন্টের কোড আন্দাজ করার চেষ্টা করছে',
  codesLocked: (about) =>
    about === 'account'
      ? 'কেউ আপনার হাট অ্যাকাউন্টের জন্য অনেকবার ভুল কোড দিয়েছে। নিরাপত্তার জন্য আগামী এক ঘণ্টা এর কোড কাজ করবে না; পাসওয়ার্ড দিয়ে সাইন ইন করা যাবে। কোড কাউকে জানাবেন না।'
      : 'কেউ এই ফোন নম্বর দিয়ে হাট-এ নিবন্ধনের জন্য অনেকবার ভুল কোড দিয়েছে। আগামী এক ঘণ্টা নিবন্ধনের কোড কাজ করবে না। আপনি না করে থাকলে কোনো অ্যাকাউন্ট খোলা হয়নি।',
  alreadyRegisteredSubject: 'কেউ আপনার ঠিকানা দিয়ে হাট-এ নিবন্ধনের চেষ্টা করেছে',
  alreadyRegistered: (signInLink, resetLink) =>
    `কেউ এই ঠিকানা দিয়ে হাট-এ নিবন্ধনের চেষ্টা করেছে, কিন্তু এই ঠিকানায় আগেই একটি অ্যাকাউন্ট আছে। আপনি হলে ${signInLink} থেকে সাইন ইন করুন, অথবা ${resetLink} থেকে পাসওয়ার্ড রিসেট করুন। আপনি না হলে এই বার্তাটি উপেক্ষা করুন: কিছুই বদলানো হয়নি।`,
};

/**
 * The account messages by language: the language of the request that sends one (see server/http/locale.ts). Their
 * links open the shop in that language too.
 */
export const ACCOUNT_MESSAGES: Record<Locale, AccountTexts> = { en: ENGLISH, bn: BANGLA };

export function codeMessage(code: string, purpose: CodePurpose, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return { subject: texts.codeSubject[purpose], text: texts.code(purpose, code) };
}

export function verifyEmailMessage(name: string, link: string, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return { subject: texts.verifyEmailSubject, text: texts.verifyEmail(greetingName(name), addressInLanguage(link, locale)) };
}

export function confirmNewEmailMessage(name: string, link: string, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return { subject: texts.confirmNewEmailSubject, text: texts.confirmNewEmail(greetingName(name), addressInLanguage(link, locale)) };
}

/** Sent to the old address when an email or phone number change takes effect. */
export function contactChangedMessage(kind: ContactKind, value: string, publicUrl: string, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return { subject: texts.contactChangedSubject(kind), text: texts.contactChanged(kind, value, addressInLanguage(`${publicUrl}/forgot-password`, locale)) };
}

/** Sent when the wrong codes of an account, or of a sign-up with a phone number, used up their hour's budget. */
export function codesLockedMessage(about: LockedCodes, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return { subject: texts.codesLockedSubject, text: texts.codesLocked(about) };
}

/** Sent instead of a sign-up link or code when the address registering already has an account. */
export function alreadyRegisteredMessage(publicUrl: string, locale: Locale): AccountMessage {
  const texts = ACCOUNT_MESSAGES[locale];
  return {
    subject: texts.alreadyRegisteredSubject,
    text: texts.alreadyRegistered(addressInLanguage(`${publicUrl}/login`, locale), addressInLanguage(`${publicUrl}/forgot-password`, locale)),
  };
}
