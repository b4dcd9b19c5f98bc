import { describe, expect, it } from 'vitest';
import { forgetAcceptance, offerAfterOrder, rememberAnswer, rememberedAnswer } from './order-updates';

function memoryStorage() {
  const saved = new Map<string, string>();
  return {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
    removeItem: (key: string) => void saved.delete(key),
  };
}

describe('offering order notifications after an order', () => {
  it('offers them once: after "Not now" or a refused permission the offer is not made again on this device', () => {
    const storage = memoryStorage();
    expect(offerAfterOrder('default', rememberedAnswer(storage))).toBe(true);
    rememberAnswer('declined', storage);
    expect(offerAfterOrder('default', rememberedAnswer(storage))).toBe(false);
    expect(offerAfterOrder('granted', rememberedAnswer(storage))).toBe(false);
  });

  it('never offers them where the browser cannot show them or the shopper blocked them', () => {
    expect(offerAfterOrder('unsupported', null)).toBe(false);
    expect(offerAfterOrder('denied', null)).toBe(false);
  });

  it('offers them again to the next account after a sign-out ended the subscription, but keeps a "Not now"', () => {
    const storage = memoryStorage();
    rememberAnswer('accepted', storage);
    expect(offerAfterOrder('granted', rememberedAnswer(storage))).toBe(false);
    forgetAcceptance(storage);
    expect(offerAfterOrder('granted', rememberedAnswer(storage))).toBe(true);

    rememberAnswer('declined', storage);
    forgetAcceptance(storage);
    expect(rememberedAnswer(storage)).toBe('declined');
  });

  it('reads an unknown or unreadable answer as none', () => {
    const storage = memoryStorage();
    storage.setItem('orderUpdatesAnswer', 'maybe');
    expect(rememberedAnswer(storage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(rememberedAnswer(blocked)).toBeNull();
    expect(() => rememberAnswer('declined', blocked)).not.toThrow();
  });
});
