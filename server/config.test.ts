import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig, loadEnvFile } from './config';

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

describe('VAPID keys', () => {
  it('leaves an unset pair to the database (every process shares the one kept there) and writes no file', () => {
    const dir = join(dataDir, 'vapid');
    expect(loadConfig({ ...base, DATA_DIR: dir }).push.vapidKeys).toBeUndefined();
    expect(existsSync(join(dir, 'vapid-keys.json'))).toBe(false);
  });

  it('takes a configured pair, both or neither, and writes no file for it', () => {
    const dir = join(dataDir, 'configured');
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'x'.repeat(43) };
    expect(loadConfig({ ...base, DATA_DIR: dir, ...pair }).push.vapidKeys).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(existsSync(join(dir, 'vapid-keys.json'))).toBe(false);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
    expect(() => loadConfig({ ...base, ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow('must be a P-256 key pair in base64url');
  });

  it("gives push services the shop's https address, else the mail sender's address, or VAPID_SUBJECT", () => {
    expect(loadConfig(base).push.vapidSubject).toBe('mailto:no-reply@haat.local');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'sandbox' }).push.vapidSubject).toBe('https://shop.example.com');
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'mailto:ops@shop.example.com' }).push.vapidSubject).toBe('mailto:ops@shop.example.com');
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://shop.example.com' })).toThrow('VAPID_SUBJECT must be a mailto: address or an https: URL.');
  });

  it('accepts loopback push endpoints only when asked (tests)', () => {
    expect(loadConfig(base).push.allowLoopback).toBe(false);
    expect(loadConfig({ ...base, PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true);
  });
});

describe('.env', () => {
  it('fills in what the environment does not set; the real environment wins', () => {
    const file = join(dataDir, '.env');
    writeFileSync(file, '# a comment\nPORT=4000\nLOG_LEVEL=debug\nADMIN_EMAIL="owner@shop.example"\n');
    const env: NodeJS.ProcessEnv = { PORT: '5000' };
    loadEnvFile(env, file);
    expect(env).toEqual({ PORT: '5000', LOG_LEVEL: 'debug', ADMIN_EMAIL: 'owner@shop.example' });
  });

  it('is optional', () => {
    const env: NodeJS.ProcessEnv = {};
    loadEnvFile(env, join(dataDir, 'missing.env'));
    expect(env).toEqual({});
  });
});

describe('the morning summary', () => {
  it('is at 08:00 Dhaka time unless set, and can be turned off', () => {
    expect(loadConfig(base).morningSummaryMinute).toBe(8 * 60);
    expect(loadConfig({ ...base, MORNING_SUMMARY_TIME: '23:45' }).morningSummaryMinute).toBe(23 * 60 + 45);
    expect(loadConfig({ ...base, MORNING_SUMMARY_TIME: 'off' }).morningSummaryMinute).toBeNull();
    expect(() => loadConfig({ ...base, MORNING_SUMMARY_TIME: '8am' })).toThrow('MORNING_SUMMARY_TIME must be a Dhaka time HH:MM (24-hour) or off');
    expect(() => loadConfig({ ...base, MORNING_SUMMARY_TIME: '24:00' })).toThrow('MORNING_SUMMARY_TIME');
  });
});

describe('the documentation of the configuration', () => {
  const root = new URL('..', import.meta.url);
  it('lists every variable the server reads in .env.example and in the README', () => {
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    for (const name of [...CONFIG_VARIABLES, 'WEB_ROOT']) {
      expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });
});
