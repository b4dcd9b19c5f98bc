import type { Outbox } from './outbox';

export type Sms = { to: string; text: string };
export type SmsSender = { send(sms: Sms): Promise<void> };

export function outboxSms(box: Outbox): SmsSender {
  return { send: ({ to, text }) => box.append({ channel: 'sms', to, text }) };
}

export type SmsGateway = { apiUrl: string; apiKey: string; senderId: string };

/** The gateway wants the number with the country code: 01711000000 → 8801711000000. */
export function gatewayNumber(phone: string): string {
  return phone.startsWith('880') ? phone : `88${phone}`;
}

const GATEWAY_ACCEPTED = 202;

/**
 * SMS through a BulkSMSBD-style HTTP API: a form POST of api_key, type, senderid, number and message, answered
 * with JSON whose `response_code` is 202 when the message was accepted. POST keeps the key and the code out of
 * URLs that proxies and gateways log.
 */
export function httpSms(gateway: SmsGateway): SmsSender {
  return {
    async send({ to, text }) {
      const body = new URLSearchParams({
        api_key: gateway.apiKey,
        type: 'text',
        senderid: gateway.senderId,
        number: gatewayNumber(to),
        message: text,
      });
      const res = await fetch(gateway.apiUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
      const answer = await res.text();
      let code: unknown;
      try {
        code = (JSON.parse(answer) as { response_code?: unknown }).response_code;
      } catch {
        code = undefined;
      }
      if (!res.ok || Number(code) !== GATEWAY_ACCEPTED) {
        throw new Error(`SMS gateway refused the message (HTTP ${res.status}): ${answer.slice(0, 200)}`);
      }
    },
  };
}
