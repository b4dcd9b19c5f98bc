import { Link, useNavigate } from '@tanstack/react-router';
import { CloudOff, Minus, Plus, ShoppingBag, ShoppingCart, Trash2 } from 'lucide-react';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { lineTotal, linesTotal } from '@contract/money';
import { Button, buttonClassName } from '@/components/button';
import { Page } from '@/components/page';
import { PriceUpdatedNote, usePriceUpdated } from '@/components/price-updated';
import { Thumbnail } from '@/components/thumbnail';
import { cartCount, lineKey, setQuantity, useCart, type CartItem } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { productQuery } from '@/lib/product-queries';
import { useSession } from '@/lib/session';
import { linesInWaitingOrders, useWaitingOrders } from '@/lib/waiting-orders';
import { textsNow } from '@/i18n/messages';
import { removeItem, repriceLines } from '../lib/cart-edits';
import { useFormat, useMessages } from '@/i18n/react';
import { cartText } from '@/messages/cart';

const THUMBNAIL = 80;
/** Lines whose thumbnails load at once; further down they wait until scrolled near. */
const EAGER_LINES = 4;

export function CartPage() {
  const items = useCart();
  const text = useMessages(cartText);
  return <Page title={text.title}>{items.length === 0 ? <EmptyCart /> : <CartContents items={items} />}</Page>;
}

/**
 * The cart's lines priced from the server each time it opens (online): each product is read again, and a line whose
 * price or stock changed takes the new figures.
 */
function useCurrentPrices(items: readonly CartItem[]): void {
  const ids = [...new Set(items.map((item) => item.productId))];
  const products = useQueries({ queries: ids.map((id) => ({ ...productQuery(id), refetchOnMount: 'always' as const })) });
  const answers = products.map((result) => result.data);
  useEffect(() => {
    for (const product of answers) if (product) repriceLines(product);
  });
}

function CartContents({ items }: { items: CartItem[] }) {
  useCurrentPrices(items);
  const navigate = useNavigate();
  const { user, token } = useSession();
  // Lines in an order waiting for the connection are ordered already: marked, and left out of another checkout.
  const waitingLines = linesInWaitingOrders(useWaitingOrders(user?._id));
  const offered = items.filter((item) => !waitingLines.has(lineKey(item)));
  const subtotal = linesTotal(offered);
  const count = cartCount(offered);
  const text = useMessages(cartText);
  const format = useFormat();

  const checkout = () => {
    if (!user || !token) {
      notify.error(textsNow(cartText).loginToBuy);
      void navigate({ to: '/login', search: { redirect: '/cart' } });
      return;
    }
    void navigate({ to: '/checkout', state: { cartItems: offered, from: 'cart' } });
  };

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
        {items.map((item, index) => (
          <CartLine key={lineKey(item)} item={item} priority={index < EAGER_LINES} inWaitingOrder={waitingLines.has(lineKey(item))} />
        ))}
      </ul>
      <section aria-labelledby="cart-summary" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
        <h2 id="cart-summary" className="text-lg font-bold text-gray-900">
          {text.orderSummary}
        </h2>
        <dl className="mt-3 flex items-baseline justify-between gap-2">
          <dt className="text-gray-700">{text.subtotal(count, format.count(count))}</dt>
          <dd className="text-xl font-bold text-gray-900" data-testid="cart-subtotal">
            {format.takaPrecise(subtotal)}
          </dd>
        </dl>
        <p className="mt-1 text-sm text-gray-700">{text.feeAtCheckout}</p>
        {offered.length === 0 && <p className="mt-2 text-sm text-gray-800">{text.allInWaitingOrders}</p>}
        <Button className="mt-4 w-full" onClick={checkout} disabled={offered.length === 0}>
          {text.checkout}
        </Button>
        <Link to="/products" className={buttonClassName('ghost', 'mt-2 w-full')}>
          {text.continueShopping}
        </Link>
      </section>
    </div>
  );
}

function CartLine({ item, priority, inWaitingOrder }: { item: CartItem; priority: boolean; inWaitingOrder: boolean }) {
  const nameId = useId();
  const key = lineKey(item);
  const stock = Math.max(1, item.maxStock || 1);
  const text = useMessages(cartText);
  const format = useFormat();
  const options = [item.color && text.colour(item.color), item.size && text.size(item.size)].filter(Boolean).join(' · ');
  const priceUpdated = usePriceUpdated(item.price);

  return (
    <li className="flex gap-3 p-3" aria-labelledby={nameId}>
      <Thumbnail src={item.image} size={THUMBNAIL} alt="" priority={priority} className="size-20 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="line-clamp-2 text-sm leading-5 font-medium text-gray-900">
          <Link to="/products/$id" params={{ id: item.productId }} className="rounded-sm hover:text-brand-700">
            {item.productName}
          </Link>
        </h3>
        {options && <p className="text-sm text-gray-700">{options}</p>}
        <p className="text-sm text-gray-700">
          {format.takaPrecise(item.price)} <span className="text-gray-600">{text.each}</span>
        </p>
        {priceUpdated && <PriceUpdatedNote className="self-start" />}
        {inWaitingOrder && (
          <p className="inline-flex items-center gap-1 self-start rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
            <CloudOff aria-hidden="true" className="size-4" />
            {text.inWaitingOrder}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <div role="group" aria-label={text.quantityOf(item.productName)} className="inline-flex items-center rounded-md border border-gray-300">
            <button
              type="button"
              onClick={() => setQuantity(key, item.quantity - 1)}
              disabled={item.quantity <= 1}
              aria-label={text.decrease}
              className="inline-flex size-11 items-center justify-center rounded-l-md text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <output aria-live="polite" className="min-w-10 text-center font-semibold tabular-nums">
              <span className="sr-only">{text.quantity} </span>
              {format.count(item.quantity)}
            </output>
            <button
              type="button"
              onClick={() => setQuantity(key, item.quantity + 1)}
              disabled={item.quantity >= stock}
              aria-label={text.increase}
              className="inline-flex size-11 items-center justify-center rounded-r-md text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <p className="font-bold text-gray-900">
            <span className="sr-only">{text.lineTotal} </span>
            {format.takaPrecise(lineTotal(item.price, item.quantity))}
          </p>
        </div>
        {item.quantity >= stock && <p className="text-xs text-gray-700">{text.onlyAvailable(stock, format.count(stock))}</p>}
        <button
          type="button"
          onClick={() => removeItem(key)}
          aria-describedby={nameId}
          className="inline-flex min-h-11 items-center gap-1 self-start rounded-md px-2 -ml-2 text-sm font-medium text-red-800 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {text.remove}
        </button>
      </div>
    </li>
  );
}

function EmptyCart() {
  const text = useMessages(cartText);
  return (
    <div className="mx-auto mt-8 flex max-w-md flex-col items-center px-4 py-8 text-center">
      <ShoppingCart aria-hidden="true" className="size-12 text-gray-400" />
      <h2 className="mt-3 text-lg font-bold text-gray-900">{text.emptyTitle}</h2>
      <p className="mt-1 text-gray-700">{text.emptyDetail}</p>
      <Link to="/products" className={buttonClassName('primary', 'mt-6')}>
        <ShoppingBag aria-hidden="true" className="size-5" />
        {text.browse}
      </Link>
    </div>
  );
}
