import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAPPED_LINE_ATTRIBUTES } from '@contract/page-document';
import type { CartItem } from './cart-lines';
import { addTappedLine } from './cart-tap';
import { AUTH_KEY, CART_EVENT, CART_KEY } from './storage-keys';

const line: CartItem = {
  productId: 'p1',
  productName: 'Jamdani saree',
  productCategory: 'Clothing',
  price: 849.15,
  quantity: 1,
  subTotal: 849.15,
  maxStock: 2,
  image: '/media/a.jpg',
  OwnerId: 'o1',
  OwnerName: 'Rahim Traders',
};

/** Add to Cart as a rendered product page draws it, carrying `carried` as its line. */
function addToCartButton(carried: string = JSON.stringify(line)): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute(TAPPED_LINE_ATTRIBUTES.line, carried);
  button.setAttribute(TAPPED_LINE_ATTRIBUTES.added, 'Added to cart!');
  document.body.append(button);
  return button;
}

const signIn = (userId = 'u1') => localStorage.setItem(AUTH_KEY, JSON.stringify({ user: { _id: userId }, token: 't' }));
const storedCart = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as CartItem[] | null;

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('Add to Cart tapped before the app has started', () => {
  it("adds the button's line for a signed-in shopper, says so for a moment, and tells the cart's listeners", () => {
    vi.useFakeTimers();
    signIn();
    const changed = vi.fn();
    window.addEventListener(CART_EVENT, changed);
    expect(addTappedLine(addToCartButton())).toBe(true);
    window.removeEventListener(CART_EVENT, changed);
    expect(storedCart()).toEqual([line]);
    expect(changed).toHaveBeenCalledTimes(1);
    const note = document.querySelector('[role="status"]');
    expect(note?.textContent).toBe('Added to cart!');
    vi.advanceTimersByTime(4_000);
    expect(note?.isConnected).toBe(false);
  });

  it('merges into the same line by the cart rule: quantities add up to the stock, the subtotal exact to the poisha', () => {
    signIn();
    const button = addToCartButton();
    addTappedLine(button);
    addTappedLine(button);
    expect(storedCart()).toEqual([{ ...line, quantity: 2, subTotal: 1698.3 }]);
    addTappedLine(button);
    expect(storedCart()).toEqual([{ ...line, quantity: 2, subTotal: 1698.3 }]);
  });

  it("keeps the other lines of the cart, and takes the shopper's id for a product with no owner, as the app does", () => {
    signIn('u7');
    const other = { ...line, productId: 'p2' };
    localStorage.setItem(CART_KEY, JSON.stringify([other]));
    addTappedLine(addToCartButton(JSON.stringify({ ...line, OwnerId: '' })));
    expect(storedCart()).toEqual([other, { ...line, OwnerId: 'u7' }]);
  });

  it('leaves a signed-out shopper to the app (which asks them to sign in): nothing added, nothing said', () => {
    expect(addTappedLine(addToCartButton())).toBe(false);
    expect(storedCart()).toBeNull();
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it('leaves a button whose line is missing or malformed to the app', () => {
    signIn();
    for (const carried of ['', '{', '"x"', JSON.stringify({ productId: 3 }), '1,2']) {
      expect(addTappedLine(addToCartButton(carried)), carried).toBe(false);
    }
    expect(storedCart()).toBeNull();
  });
});
