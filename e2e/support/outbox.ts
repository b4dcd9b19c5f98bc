import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env';

/** One line of DATA_DIR/outbox.jsonl, where the server writes mail and SMS when no provider is configured. */
export type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject?: string; text: string; createdAt: string };

const OUTBOX = join(E2E_DATA_DIR, 'outbox.jsonl');

async function readOutbox(): Promise<OutboxMessage[]> {
  let raw: string;
  try {
    raw = await readFile(OUTBOX, 'utf8');
  } catch {
    return [];
  }
  // A line may be half written while the server appends; skip it and read it on the next poll.
  return raw.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as OutboxMessage] : [];
    } catch {
      return [];
    }
  });
}

/** Polls the outbox until the newest message on `channel` to `to` yields a match for `pattern`. */
async function waitForMessage(channel: OutboxMessage['channel'], to: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await readOutbox();
    const last = messages.filter((m) => m.channel === channel && m.to === to).at(-1);
    const match = last?.text.match(pattern);
    if (match) return match[1] ?? match[0];
    if (Date.now() > deadline) {
      throw new Error(`No ${channel} to ${to} matching ${pattern} in ${OUTBOX} after ${timeoutMs} ms${last ? `; last one: ${JSON.stringify(last.text)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The account-verification link (…/verify/<token>) emailed to `to`. */
export function waitForEmailLink(to: string, timeoutMs = 5_000): Promise<string> {
  return waitForMessage('email', to, /(https?:\/\/\S+\/verify\/[\w.~-]+)/, timeoutMs);
}

/** The link (…/confirm-email/<token>) mailed to a new email of an account. */
export function waitForEmailChangeLink(to: string, timeoutMs = 5_000): Promise<string> {
  return waitForMessage('email', to, /(https?:\/\/\S+\/confirm-email\/[\w.~-]+)/, timeoutMs);
}

/** The 6-digit code texted to `to` to confirm a cash order. */
export function waitForCashCode(to: string, timeoutMs = 5_000): Promise<string> {
  return waitForMessage('sms', to, /code (\d{6})/, timeoutMs);
}

/** The 4-digit one-time code texted to `to`. */
export function waitForSmsCode(to: string, timeoutMs = 5_000): Promise<string> {
  return waitForMessage('sms', to, /\b(\d{4})\b/, timeoutMs);
}

/** Polls the outbox until an email to `to` has `subject`, among every message (other specs may mail `to` meanwhile). */
export async function waitForEmailWithSubject(to: string, subject: string, timeoutMs = 5_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox()).find((m) => m.channel === 'email' && m.to === to && m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${to} with the subject ${JSON.stringify(subject)} in ${OUTBOX} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
