import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a fresh page loads it: its language is decided once, when it is first imported. */
async function startedAt(address: string, cookie?: string) {
  window.history.replaceState(null, '', address);
  if (cookie) document.cookie = cookie;
  vi.resetModules();
  return (await import('./messages')).currentLocale();
}

describe('the language the app starts in', () => {
  afterEach(() => {
    document.cookie = 'lang=; max-age=0; path=/';
    window.history.replaceState(null, '', '/');
  });

  it("is the address's ?lang= (a link in a Bangla message, answered by the service worker's shell), over the remembered choice", async () => {
    expect(await startedAt('/verify/abc?lang=bn', 'lang=en')).toBe('bn');
    expect(document.cookie).toContain('lang=bn');
    expect(document.documentElement.lang).toBe('bn');
  });

  it('is the remembered choice when the address names none, or names one the shop does not speak', async () => {
    expect(await startedAt('/user/my-orders', 'lang=bn')).toBe('bn');
    expect(await startedAt('/user/my-orders?lang=fr', 'lang=bn')).toBe('bn');
  });
});
