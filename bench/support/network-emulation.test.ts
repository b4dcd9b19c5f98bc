import { describe, expect, it } from 'vitest';
import { NetworkMeter } from './network-emulation';

/** Feeds the meter the CDP events of one request. */
function load(meter: NetworkMeter, requestId: string, url: string, bytes: number, response: Record<string, boolean> = {}) {
  meter.handle('Network.requestWillBeSent', { requestId, request: { url } });
  meter.handle('Network.responseReceived', { requestId, response });
  meter.handle('Network.loadingFinished', { requestId, encodedDataLength: bytes });
}

describe('NetworkMeter', () => {
  it('counts what came over the network, not what the service worker or the HTTP cache answered', () => {
    const meter = new NetworkMeter();
    load(meter, '1', 'http://shop/', 2000);
    load(meter, '2', 'http://shop/assets/a.js', 30_000, { fromServiceWorker: true });
    load(meter, '3', 'http://shop/media/b.jpg', 5000, { fromDiskCache: true });
    meter.handle('Network.requestWillBeSent', { requestId: '4', request: { url: 'http://shop/assets/c.js' } });
    meter.handle('Network.requestServedFromCache', { requestId: '4' });
    meter.handle('Network.loadingFinished', { requestId: '4', encodedDataLength: 700 });
    expect(meter).toMatchObject({ bytes: 2000, requests: 1, fromServiceWorker: 1, fromCache: 2 });
  });

  it('names the URLs downloaded more than once', () => {
    const meter = new NetworkMeter();
    load(meter, '1', 'http://shop/api/banner', 600);
    load(meter, '2', 'http://shop/api/banner', 600);
    load(meter, '3', 'http://shop/api/logo', 150);
    expect(meter.downloadedTwice).toEqual(['http://shop/api/banner']);
  });
});
