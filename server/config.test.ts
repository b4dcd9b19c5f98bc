import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'haat-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };

describe('payments in production', () => {
  it('refuses to take real orders through the sandbox unless it is chosen explicitly', () => {
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com' })).toThrow(
      'PUBLIC_URL is https (a live shop) but PAYMENT_PROVIDER is not set: set PAYMENT_PROVIDER=sslcommerz with the store credentials, or PAYMENT_PROVIDER=sandbox to take test payments only.',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'sslcommerz' }).payment.provider).toBe('sslcommerz');
  });

  it('uses the sandbox by default on a local (http) address', () => {
    expect(loadConfig(base).payment.provider).toBe('sandbox');
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://192.168.0.10:3000' }).payment.provider).toBe('sandbox');
  });
});
