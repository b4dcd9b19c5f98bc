import { describe, expect, it, vi } from 'vitest';
import { EARLY_INSTALL_OFFER } from '@contract/page-document';
import { createInstallPromptStore, type InstallPromptEvent } from './install-prompt';

function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

function capturedStore() {
  const target = new EventTarget();
  const onInstalled = vi.fn();
  const store = createInstallPromptStore(onInstalled);
  store.capture(target as unknown as Window);
  return { target, store, onInstalled };
}

describe('install prompt store', () => {
  it("keeps the browser's offer instead of letting the browser show its own, and tells subscribers", () => {
    const { target, store } = capturedStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.available()).toBe(false);

    const { event } = installOffer('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.available()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('takes an offer a rendered page kept before the app started', () => {
    const { event } = installOffer('accepted');
    const target = Object.assign(new EventTarget(), { [EARLY_INSTALL_OFFER]: event });
    const store = createInstallPromptStore(vi.fn());
    store.capture(target as unknown as Window);
    expect(store.available()).toBe(true);
  });

  it("shows the browser's dialog once and forgets the offer whatever the choice", async () => {
    const { target, store } = capturedStore();
    const { event, prompt } = installOffer('dismissed');
    target.dispatchEvent(event);

    await expect(store.prompt()).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(store.available()).toBe(false);
    await expect(store.prompt()).resolves.toBe('unavailable');
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('forgets the offer and asks to keep storage once the app is installed', () => {
    const { target, store, onInstalled } = capturedStore();
    target.dispatchEvent(installOffer('accepted').event);

    target.dispatchEvent(new Event('appinstalled'));
    expect(store.available()).toBe(false);
    expect(onInstalled).toHaveBeenCalledTimes(1);
  });

  it('stops telling a listener that unsubscribed', () => {
    const { target, store } = capturedStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    target.dispatchEvent(installOffer('accepted').event);
    expect(listener).not.toHaveBeenCalled();
  });
});
