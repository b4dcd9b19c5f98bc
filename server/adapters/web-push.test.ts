import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../lib/outbound-address';
import { browserSubscription } from '../modules/push/test-fixtures';
import { webPushSender } from './web-push';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@shop.example.com' };
const options = { ttlSeconds: 60, urgency: 'normal' as const };

/** A plain HTTP server on 127.0.0.1 that stands in for anything the shop must not reach: it counts every connection. */
const requests: string[] = [];
let connections = 0;
const server = createServer((request, response) => {
  requests.push(request.url ?? '/');
  request.resume();
  request.on('end', () => {
    if (request.url === '/redirect') response.writeHead(302, { location: '/admin/delete-everything' }).end();
    else if (request.url === '/redirect-307') response.writeHead(307, { location: `http://127.0.0.1:${port}/admin/delete-everything` }).end();
    else response.writeHead(201).end();
  });
});
server.on('connection', () => (connections += 1));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests.length = 0;
  connections = 0;
});

/** A resolver that answers `addresses` for every name: a public-looking host pointed at this machine's network. */
const resolvingTo =
  (...addresses: string[]) =>
  (_hostname: string, _options: object, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('web push sender', () => {
  it('delivers to a push service it may reach', async () => {
    const sender = webPushSender(vapid, { allowLoopback: true });
    await expect(sender.send({ endpoint: `http://127.0.0.1:${port}/device`, ...browserSubscription('x').subscription.keys }, '{}', options)).resolves.toBe(
      'delivered',
    );
    expect(requests).toEqual(['/device']);
  });

  it('never follows a redirect: the answer is a failure and the address it names gets nothing', async () => {
    const sender = webPushSender(vapid, { allowLoopback: true });
    const keys = browserSubscription('x').subscription.keys;
    await expect(sender.send({ endpoint: `http://127.0.0.1:${port}/redirect`, ...keys }, '{}', options)).rejects.toThrow('HTTP 302');
    await expect(sender.send({ endpoint: `http://127.0.0.1:${port}/redirect-307`, ...keys }, '{}', options)).rejects.toThrow('HTTP 307');
    expect(requests).toEqual(['/redirect', '/redirect-307']);
  });

  it("refuses a host that resolves to this machine, a private network or the cloud's metadata service, before connecting", async () => {
    const keys = browserSubscription('x').subscription.keys;
    for (const resolved of [
      ['127.0.0.1'],
      ['::ffff:127.0.0.1'],
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['100.100.100.200'],
      ['fd00:ec2::254'],
      ['::1'],
      ['142.250.1.1', '127.0.0.1'],
    ]) {
      const sender = webPushSender(vapid, { allowLoopback: false, resolve: resolvingTo(...resolved) });
      await expect(sender.send({ endpoint: `http://fcm.googleapis.com:${port}/fcm/send/abc`, ...keys }, '{}', options), resolved.join()).rejects.toThrow(
        /is not on the internet: refused/,
      );
    }
    const literal = webPushSender(vapid, { allowLoopback: false });
    await expect(literal.send({ endpoint: `http://127.0.0.1:${port}/device`, ...keys }, '{}', options)).rejects.toThrow(/is not on the internet: refused/);
    await expect(literal.send({ endpoint: `http://[::ffff:7f00:1]:${port}/device`, ...keys }, '{}', options)).rejects.toThrow(
      /is not on the internet: refused/,
    );
    expect(connections).toBe(0);
    expect(requests).toEqual([]);

    // The same resolver with loopback allowed (tests' own push services) connects to the address it checked.
    const allowed = webPushSender(vapid, { allowLoopback: true, resolve: resolvingTo('127.0.0.1') });
    await expect(allowed.send({ endpoint: `http://fcm.googleapis.com:${port}/fcm/send/abc`, ...keys }, '{}', options)).resolves.toBe('delivered');
    expect(requests).toEqual(['/fcm/send/abc']);
  });
});

describe('public addresses', () => {
  it('tells the internet from loopback, private, link-local, unique-local, CGNAT, multicast, reserved and IPv4-in-IPv6 forms', () => {
    for (const address of ['142.250.1.1', '17.57.146.20', '2a00:1450:4001:80b::200a', '2620:149:a44::1']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '0.0.0.0',
      '127.0.0.1',
      '127.255.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '192.0.0.1',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});
