import nodemailer from 'nodemailer';
import type { Outbox } from './outbox';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export function outboxMailer(box: Outbox): Mailer {
  return { send: ({ to, subject, text }) => box.append({ channel: 'email', to, subject, text }) };
}

/** Real mail through the SMTP server in SMTP_URL (e.g. smtps://user:pass@smtp.example.com). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
    },
  };
}
