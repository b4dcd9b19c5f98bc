import type { Outbox } from './outbox';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export function outboxMailer(box: Outbox): Mailer {
  return { send: ({ to, subject, text }) => box.append({ channel: 'email', to, subject, text }) };
}
