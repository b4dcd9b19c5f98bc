import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileFor, serveOriginalClient } from './original-client';
import { freePort, type RunningServer } from './server';

let dist: string;
let shop: Server;
let client: RunningServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'original-client-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>original</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log("app")'));
  shop = createServer((request, answer) => answer.end(`shop ${request.method} ${request.url}`));
  const shopPort = await freePort();
  await new Promise<void>((done) => shop.listen(shopPort, '127.0.0.1', done));
  client = await serveOriginalClient(dist, `http://127.0.0.1:${shopPort}`);
});

afterAll(async () => {
  await client.stop();
  await new Promise((done) => shop.close(done));
  rmSync(dist, { recursive: true, force: true });
});

it("answers the app's routes with its index.html, never a file outside the build", async () => {
  const page = await fetch(`${client.baseUrl}/products/abc`);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(await page.text()).toContain('<title>original</title>');
  expect(fileFor(dist, '/../../etc/passwd')).toBe(join(dist, 'index.html'));
  expect(fileFor(dist, '/%2e%2e/%2e%2e/etc/passwd')).toBe(join(dist, 'index.html'));
});

it('sends the Brotli file of a hashed asset, cached for a year', async () => {
  const asset = await fetch(`${client.baseUrl}/assets/app.js`, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers.get('content-encoding')).toBe('br');
  expect(asset.headers.get('cache-control')).toContain('immutable');
  expect(await asset.text()).toBe('console.log("app")');
});

it("passes the shop's own paths to the shop", async () => {
  for (const path of ['/api/products?page=2', '/media/a.webp', '/sandbox/pay/1']) {
    expect(await (await fetch(`${client.baseUrl}${path}`)).text()).toBe(`shop GET ${path}`);
  }
});
