import type { AccountMessage } from '../../adapters/courier';
import { OTP_TTL_MS } from './confirmations';

/** The longest name a message greets in full. */
export const GREETING_NAME_MAX = 40;

/**
 * A name as a message greets it. Whoever types an address also chooses the name mailed to it, so the name is one
 * line without control characters and at most GREETING_NAME_MAX characters: it cannot fill or lay out the message.
 */
export function greetingName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length > GREETING_NAME_MAX ? `${characters.slice(0, GREETING_NAME_MAX - 1).join('').trimEnd()}…` : line;
}

type CodePurpose = 'verification' | 'password reset' | 'phone number change';

const CODE_SUBJECTS: Record<CodePurpose, string> = {
  verification: 'Your haat verification code',
  'password reset': 'Your haat password reset code',
  'phone number change': 'Your haat phone number change code',
};

export function codeMessage(code: string, purpose: CodePurpose): AccountMessage {
  return {
    subject: CODE_SUBJECTS[purpose],
    text: `Your haat ${purpose} code is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes. Do not share it with anyone.`,
  };
}

export function verifyEmailMessage(name: string, link: string): AccountMessage {
  return {
    subject: 'Verify your haat account',
    text:
      `Hello ${greetingName(name)},\n\nOpen this link to verify your haat account:\n${link}\n\n` +
      'The link is valid for 24 hours. You will be asked for the password you chose. If you did not sign up, you can ignore this message.',
  };
}

export function confirmNewEmailMessage(name: string, link: string): AccountMessage {
  return {
    subject: 'Confirm your new haat email',
    text:
      `Hello ${greetingName(name)},\n\nOpen this link to make this address the email of your haat account:\n${link}\n\n` +
      'The link is valid for 24 hours and works while you are signed in to that account. If you did not ask for this, you can ignore this message.',
  };
}

/** Sent to the old address when an email or phone number change takes effect. */
export function contactChangedMessage(kind: 'email' | 'phone', value: string, publicUrl: string): AccountMessage {
  const what = kind === 'email' ? 'email' : 'phone number';
  return {
    subject: `Your haat ${what} was changed`,
    text: `The ${what} of your haat account is now ${value}. If you did not make this change, reset your password at ${publicUrl}/forgot-password.`,
  };
}
