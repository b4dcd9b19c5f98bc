import webPush from 'web-push';
import type { VapidDetails } from '../config';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOptions = {
  /** How long the push service keeps it for a device that is offline; 0: now or never. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push of the same topic replaces one the push service still holds (at most 32 base64url characters). */
  topic?: string;
};
/** `gone`: the push service no longer knows the subscription (the browser unsubscribed or the app was removed). */
export type PushOutcome = 'delivered' | 'gone';
export type PushSender = { send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> };

const PUSH_SERVICE_DEADLINE_MS = 10_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291, aes128gcm).
 * `web-push` builds the request; fetch sends it, so the deadline is ours and a test's push service may be plain
 * http on 127.0.0.1 (the library's own sender speaks https only).
 */
export function webPushSender(vapid: VapidDetails): PushSender {
  return {
    async send(target, payload, { ttlSeconds, urgency, topic }) {
      const request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency,
        ...(topic && { topic }),
      });
      // fetch counts the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(PUSH_SERVICE_DEADLINE_MS),
      });
      const answer = await res.text().catch(() => '');
      if (res.ok) return 'delivered';
      if (res.status === 404 || res.status === 410) return 'gone';
      throw new Error(`the push service refused the notification (HTTP ${res.status}): ${answer.slice(0, 200)}`);
    },
  };
}
