import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionInput } from '../../../contract/push';

/** What the test's push service received: the path (which device), the headers and the encrypted body. */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A push service on 127.0.0.1, as Firefox's or Google's would receive the shop's pushes. Each path is one device;
 * `answer` sets what a path is answered (201 unless set: 410 for a device that unsubscribed, 500 for an outage, a redirect
 * with its location).
 */
export async function loopbackPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(path) ?? { status: 201, headers: {} };
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path: string, status: number, headers: Record<string, string> = {}) => answers.set(path, { status, headers }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's side of a subscription: its P-256 key pair and authentication secret, made here, and the decryption
 * of what the push service hands it, by RFC 8291 (Message Encryption for Web Push) with RFC 8188's aes128gcm.
 */
export function browserSubscription(endpoint: string) {
  const keys = createECDH('prime256v1');
  const publicKey = keys.generateKeys();
  const authSecret = randomBytes(16);
  const subscription: PushSubscriptionInput = { endpoint, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } };

  function decrypt(body: Buffer): string {
    // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id: the sender's public key.
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (record.length > recordSize) throw new Error('more than one record');
    // RFC 8291 §3.3–3.4: the shared secret, mixed with the auth secret, then the content key and nonce.
    const sharedSecret = keys.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
    const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
    const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then any padding of zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('not the last record');
    return padded.subarray(0, end).toString('utf8');
  }

  return { subscription, decrypt };
}
