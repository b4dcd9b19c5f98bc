import type { Mailer } from './mail';
import type { SmsSender } from './sms';

/** A message about an account: mailed with its subject, or texted (the text alone) to a phone number. */
export type AccountMessage = { subject: string; text: string };

export type Courier = {
  /** Hands a message to the mail or SMS provider, whichever `to` is, and returns at once. */
  send(to: string, message: AccountMessage): void;
};

/**
 * Account messages leave after the answer, never before it: a provider's latency (hundreds of milliseconds for SMTP)
 * would otherwise tell a caller whether a message was sent, i.e. whether an account exists. A failed delivery is
 * reported to `onError`; the person can ask again.
 */
export function courier(providers: { mailer: Mailer; sms: SmsSender }, onError: (error: unknown, to: string) => void): Courier {
  return {
    send(to, message) {
      // Started on the next turn of the event loop, once the answer has been written.
      setImmediate(() => {
        const sent = to.includes('@') ? providers.mailer.send({ to, ...message }) : providers.sms.send({ to, text: message.text });
        sent.catch((error: unknown) => onError(error, to));
      });
    },
  };
}
