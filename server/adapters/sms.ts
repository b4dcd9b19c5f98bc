import type { Outbox } from './outbox';

export type Sms = { to: string; text: string };
export type SmsSender = { send(sms: Sms): Promise<void> };

export function outboxSms(box: Outbox): SmsSender {
  return { send: ({ to, text }) => box.append({ channel: 'sms', to, text }) };
}
