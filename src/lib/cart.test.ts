import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addToCart, cartCount, clearCart, lineKey, readCart, saveCart, setQuantity, useCart, type CartItem } from './cart';
import { CART_EVENT, CART_KEY } from './storage-keys';

function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    productId: 'p1',
    productName: 'Jamdani saree',
    productCategory: 'Clothing',
    price: 1250,
    quantity: 1,
    subTotal: 1250,
    maxStock: 5,
    image: '/media/a.jpg',
    color: 'red',
    size: 'M',
    OwnerId: 'o1',
    OwnerName: 'Rahim Traders',
    ...overrides,
  };
}

function onCartEvent() {
  const listener = vi.fn();
  window.addEventListener(CART_EVENT, listener);
  return { listener, stop: () => window.removeEventListener(CART_EVENT, listener) };
}

describe('cart storage', () => {
  it('reads a missing cart as empty', () => {
    expect(readCart()).toEqual([]);
  });

  it('tolerates corrupt storage: bad JSON, a non-list, and malformed lines', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, JSON.stringify({ productId: 'p1' }));
    expect(readCart()).toEqual([]);
    localStorage.setItem(CART_KEY, JSON.stringify([null, 'x', { productId: 7 }, item()]));
    expect(readCart()).toEqual([item()]);
  });

  it('saves under "cart" and fires cartUpdated on every save', () => {
    const { listener, stop } = onCartEvent();
    saveCart([item()]);
    saveCart([item()]);
    stop();
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? 'null')).toEqual([item()]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clearing removes the stored cart and fires cartUpdated', () => {
    saveCart([item()]);
    const { listener, stop } = onCartEvent();
    clearCart();
    stop();
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readCart()).toEqual([]);
  });
});

describe('addToCart', () => {
  it('appends a new line with its subtotal', () => {
    expect(addToCart(item({ quantity: 2 }))).toEqual({ kind: 'added' });
    expect(readCart()).toEqual([item({ quantity: 2, subTotal: 2500 })]);
  });

  it('merges the same product, colour and size into one line', () => {
    addToCart(item({ quantity: 1 }));
    expect(addToCart(item({ quantity: 2 }))).toEqual({ kind: 'updated' });
    const cart = readCart();
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ quantity: 3, subTotal: 3750 });
  });

  it('keeps another colour or size, or another product, on its own line', () => {
    addToCart(item());
    addToCart(item({ color: 'blue' }));
    addToCart(item({ size: 'L' }));
    addToCart(item({ productId: 'p2' }));
    addToCart(item({ color: undefined, size: undefined }));
    expect(readCart()).toHaveLength(5);
  });

  it('caps a merged line at the stock and says how many are available', () => {
    addToCart(item({ quantity: 4 }));
    expect(addToCart(item({ quantity: 3 }))).toEqual({ kind: 'capped', available: 5 });
    expect(readCart()[0]).toMatchObject({ quantity: 5, subTotal: 6250 });
    expect(addToCart(item())).toEqual({ kind: 'capped', available: 5 });
    expect(readCart()[0]?.quantity).toBe(5);
  });

  it('caps a new line at the stock', () => {
    expect(addToCart(item({ quantity: 9, maxStock: 2 }))).toEqual({ kind: 'capped', available: 2 });
    expect(readCart()[0]).toMatchObject({ quantity: 2, subTotal: 2500 });
  });

  it('treats a missing stock as 1', () => {
    const noStock = { ...item(), maxStock: undefined } as unknown as CartItem;
    expect(addToCart(noStock)).toEqual({ kind: 'added' });
    expect(addToCart(noStock)).toEqual({ kind: 'capped', available: 1 });
    expect(readCart()[0]).toMatchObject({ quantity: 1, maxStock: 1 });
  });

  it('fires cartUpdated when it saves', () => {
    const { listener, stop } = onCartEvent();
    addToCart(item());
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('line changes', () => {
  it('sets a quantity within 1 … stock and recomputes the subtotal', () => {
    saveCart([item(), item({ productId: 'p2', price: 100, subTotal: 100 })]);
    const key = lineKey(item());
    setQuantity(key, 3);
    expect(readCart()[0]).toMatchObject({ quantity: 3, subTotal: 3750 });
    setQuantity(key, 99);
    expect(readCart()[0]?.quantity).toBe(5);
    setQuantity(key, 0);
    expect(readCart()[0]?.quantity).toBe(1);
    expect(readCart()[1]).toMatchObject({ productId: 'p2', quantity: 1 });
  });

  it('gives lines with different colour and size different keys', () => {
    expect(lineKey(item())).toBe(lineKey(item({ quantity: 4 })));
    expect(lineKey(item())).not.toBe(lineKey(item({ color: 'blue' })));
    expect(lineKey(item({ color: 'a', size: 'b' }))).not.toBe(lineKey(item({ color: 'ab', size: '' })));
  });
});

describe('count', () => {
  it('counts units', () => {
    expect(cartCount([item({ quantity: 2 }), item({ productId: 'p2', quantity: 3 })])).toBe(5);
    expect(cartCount([])).toBe(0);
  });
});

describe('useCart', () => {
  it('follows saves, clears and changes made in another tab', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual([]);
    act(() => {
      addToCart(item());
    });
    expect(result.current).toHaveLength(1);
    act(() => {
      // Another tab writes storage directly; this tab only hears the storage event.
      localStorage.setItem(CART_KEY, JSON.stringify([item(), item({ productId: 'p2' })]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    });
    expect(result.current).toHaveLength(2);
    act(() => clearCart());
    expect(result.current).toEqual([]);
  });
});

describe('variants in the cart', () => {
  it('keeps a line per variant of a product', () => {
    addToCart(item({ variantId: 'v1', size: '500 g', color: undefined, price: 105, subTotal: 105 }));
    addToCart(item({ variantId: 'v2', size: '5 kg', color: undefined, price: 937.5, subTotal: 937.5 }));
    addToCart(item({ variantId: 'v1', size: '500 g', color: undefined, price: 105, subTotal: 105 }));
    expect(readCart().map((line) => [line.variantId, line.quantity, line.subTotal])).toEqual([
      ['v1', 2, 210],
      ['v2', 1, 937.5],
    ]);
  });

  it('reads a cart saved before variants as it was, and drops a line whose variant is not an id', () => {
    const saved = item();
    localStorage.setItem(CART_KEY, JSON.stringify([saved, { ...item({ productId: 'p2' }), variantId: 42 }]));
    expect(readCart()).toEqual([saved]);
    // The old line keeps its key, so changing its quantity still finds it.
    setQuantity(lineKey(saved), 3);
    expect(readCart()[0]!.quantity).toBe(3);
  });
});
