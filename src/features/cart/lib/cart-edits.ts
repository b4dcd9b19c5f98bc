import type { Product } from '@contract/catalogue';
import { lineTotal } from '@contract/money';
import { lineKey, readCart, saveCart, type CartItem } from '@/lib/cart';

// The cart page's own changes to the cart come with its page; what every page needs (reading it, adding) is in lib/cart.

/** Takes a line out of the cart. */
export function removeItem(key: string): void {
  const items = readCart();
  if (!items.some((line) => lineKey(line) === key)) return;
  saveCart(items.filter((line) => lineKey(line) !== key));
}

/**
 * Every line of `product` at its price and stock as the server answers them now, each quantity kept within the stock;
 * nothing is saved when nothing differs.
 */
export function repriceLines(product: Pick<Product, '_id' | 'productPrice' | 'remainingProducts'>): void {
  const items = readCart();
  const maxStock = product.remainingProducts > 0 ? product.remainingProducts : 1;
  const stale = (line: CartItem) => line.productId === product._id && (line.price !== product.productPrice || line.maxStock !== maxStock);
  if (!items.some(stale)) return;
  saveCart(
    items.map((line) => {
      if (!stale(line)) return line;
      const quantity = Math.min(line.quantity, maxStock);
      return { ...line, price: product.productPrice, maxStock, quantity, subTotal: lineTotal(product.productPrice, quantity) };
    }),
  );
}
