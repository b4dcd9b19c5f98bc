import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Minus, Plus, ShoppingCart, Zap } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Product } from '@contract/catalogue';
import { TAPPED_LINE_ATTRIBUTES } from '@contract/page-document';
import { Button } from '@/components/button';
import { cn } from '@/components/cn';
import { addToCart, notifyCartResult } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { colourValue } from '../lib/colour';
import { BUY_NOW_DELAY_MS, buildCartItem, buyNowState, clampQuantity } from '../lib/purchase';
import { chosenVariant, colourOptions, initialChoice, sizeOptions, withColour, type OptionChoice, type OptionState } from '../lib/variant-choice';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

/**
 * While the element is `position: fixed` (the phone's bottom bar), the body gets bottom padding of its height, so the
 * end of the page and the footer can still be scrolled into view above it, and the CSS variable `--fixed-bar-height`
 * says how tall it is, so the image lightbox keeps its dots clear of it.
 */
function useSpaceBelowForFixedBar(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const { style } = document.body;
    const { paddingBottom } = style;
    const update = () => {
      const fixed = getComputedStyle(bar).position === 'fixed';
      style.paddingBottom = fixed ? `${bar.offsetHeight}px` : paddingBottom;
      style.setProperty('--fixed-bar-height', fixed ? `${bar.offsetHeight}px` : '0px');
    };
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      style.paddingBottom = paddingBottom;
      style.removeProperty('--fixed-bar-height');
    };
  }, [ref]);
}

const BAR_BUTTON = 'flex-1 px-2 whitespace-nowrap md:px-4';
const BAR_ICON = 'hidden size-5 min-[360px]:block';

/**
 * Colour swatches, size buttons, the quantity stepper, and Add to Cart / Buy Now (a bottom bar on a phone). For a
 * product with variants, the colour and size pick the variant, whose own price and stock are shown; a size or colour
 * that cannot be had now is disabled, its name saying why.
 */
export function PurchaseOptions({ product: given }: { product: Product }) {
  // An answer cached before products had variants has none.
  const product: Product = given.variants ? given : { ...given, variants: [] };
  const hasVariants = product.variants.length > 0;
  const [choice, setChoice] = useState<OptionChoice>(() => initialChoice(product));
  const { color: colour, size } = choice;
  const variant = chosenVariant(product, choice);
  const colours = colourOptions(product);
  const sizes = sizeOptions(product, choice);
  const stock = hasVariants ? (variant?.remainingProducts ?? 0) : product.remainingProducts;
  const outOfStock = stock <= 0;
  const [quantity, setQuantity] = useState(1);
  const [buying, setBuying] = useState(false);
  const { user } = useSession();
  const locale = useLocale();
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  const buyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const barRef = useRef<HTMLDivElement>(null);
  const ids = { colour: useId(), size: useId(), quantity: useId(), stock: useId(), price: useId() };
  useSpaceBelowForFixedBar(barRef);
  const text = useMessages(productText);
  const format = useFormat();
  useEffect(() => () => clearTimeout(buyTimer.current), []);

  /** The signed-in shopper's id, or null after sending a signed-out one to /login (and back here afterwards). */
  const shopperId = (): string | null => {
    if (user) return user._id;
    notify.error(text.loginToBuy);
    void navigate({ to: '/login', search: { redirect: href } });
    return null;
  };

  const onAddToCart = () => {
    const userId = shopperId();
    if (!userId) return;
    const result = addToCart(buildCartItem(product, { quantity, color: colour, size, variant }, userId));
    // The toast's texts come when a shopper first adds: a product page's first visit does not download the cart's texts.
    void import('@/messages/cart').then(async ({ cartText }) => notifyCartResult(result, await cartText.load(locale), locale));
  };

  // The line a tap adds before the app has started (the rendered page's loader adds it through cart-tap.ts); the owner
  // falls back to the shopper's id there, as the app's own add does.
  const tappedLine = JSON.stringify(buildCartItem(product, { quantity, color: colour, size, variant }, ''));

  const onBuyNow = () => {
    const userId = shopperId();
    if (!userId) return;
    const state = buyNowState(buildCartItem(product, { quantity, color: colour, size, variant }, userId));
    setBuying(true);
    buyTimer.current = setTimeout(() => void navigate({ to: '/checkout', state }), BUY_NOW_DELAY_MS);
  };

  const change = (next: number) => setQuantity(clampQuantity(next, stock));
  const choose = (next: OptionChoice) => {
    setChoice(next);
    const nextVariant = chosenVariant(product, next);
    setQuantity((current) => clampQuantity(current, nextVariant ? nextVariant.remainingProducts : product.remainingProducts));
  };
  /** An option's accessible name: its value, and why it cannot be chosen now. */
  const optionName = (option: OptionState) =>
    option.unavailable === 'soldOut'
      ? text.optionSoldOut(option.value)
      : option.unavailable === 'notInColour'
        ? text.optionNotInColour(option.value, colour ?? '')
        : option.value;

  return (
    <div className="flex flex-col gap-5">
      {hasVariants && (
        <div aria-live="polite" id={ids.price}>
          {variant ? (
            <p className="flex flex-wrap items-baseline gap-x-2 text-2xl font-bold text-brand-800">
              <span className="sr-only">{text.chosenPrice}</span>
              {format.taka(variant.price)}
              {product.quantity && <span className="text-base font-normal text-gray-700"> / {product.quantity}</span>}
              {variant.discount > 0 && variant.originalPrice > variant.price && (
                <del className="text-base font-normal text-gray-600">
                  <span className="sr-only">{text.originalPrice}</span>
                  {format.taka(variant.originalPrice)}
                </del>
              )}
            </p>
          ) : (
            <p className="font-semibold text-red-700">{text.notSoldInChoice}</p>
          )}
        </div>
      )}
      {colours.length > 0 && (
        <div role="group" aria-labelledby={ids.colour}>
          <p id={ids.colour} className="mb-2 text-sm font-medium text-gray-800">
            {text.colour}
            {colour ? <span className="font-normal text-gray-700">: {text.colourName(colour)}</span> : null}
          </p>
          <div className="flex flex-wrap gap-1">
            {colours.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-label={optionName(option)}
                aria-pressed={colour === option.value}
                title={optionName(option)}
                disabled={option.unavailable !== undefined}
                onClick={() => choose(withColour(product, choice, option.value))}
                className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40"
              >
                <span
                  aria-hidden="true"
                  style={{ backgroundColor: colourValue(option.value) }}
                  className={cn('size-8 rounded-full border border-gray-400', colour === option.value && 'ring-2 ring-brand-700 ring-offset-2')}
                />
              </button>
            ))}
          </div>
        </div>
      )}

      {sizes.length > 0 && (
        <div role="group" aria-labelledby={ids.size}>
          <p id={ids.size} className="mb-2 text-sm font-medium text-gray-800">
            {text.size}
          </p>
          <div className="flex flex-wrap gap-2">
            {sizes.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={size === option.value}
                aria-label={option.unavailable ? optionName(option) : undefined}
                disabled={option.unavailable !== undefined}
                onClick={() => choose({ ...choice, size: option.value })}
                className={cn(
                  'min-h-11 min-w-11 rounded-md border px-3 text-sm font-semibold disabled:border-dashed disabled:text-gray-600 disabled:line-through',
                  size === option.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-gray-900 hover:border-brand-700',
                )}
              >
                {option.value}
              </button>
            ))}
          </div>
        </div>
      )}

      <div>
        <label htmlFor={ids.quantity} className="mb-2 block text-sm font-medium text-gray-800">
          {text.quantity}
        </label>
        <div className="flex items-center gap-3">
          <div className="inline-flex items-center rounded-md border border-gray-400">
            <button
              type="button"
              onClick={() => change(quantity - 1)}
              disabled={outOfStock || quantity <= 1}
              aria-label={text.decreaseQuantity}
              className="inline-flex size-11 items-center justify-center text-gray-800 disabled:opacity-40"
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <input
              id={ids.quantity}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, stock)}
              value={quantity}
              disabled={outOfStock}
              aria-describedby={ids.stock}
              onChange={(event) => {
                const value = event.target.valueAsNumber;
                if (!Number.isNaN(value)) change(value);
              }}
              className="h-11 w-14 border-x border-gray-400 text-center text-base [appearance:textfield] disabled:bg-gray-100 [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              onClick={() => change(quantity + 1)}
              disabled={outOfStock || quantity >= stock}
              aria-label={text.increaseQuantity}
              className="inline-flex size-11 items-center justify-center text-gray-800 disabled:opacity-40"
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <p id={ids.stock} className={cn('text-sm', outOfStock ? 'font-semibold text-red-700' : 'text-gray-700')}>
            {outOfStock ? text.outOfStock : text.available(format.count(stock))}
          </p>
        </div>
      </div>

      {/*
        On a phone the two buttons sit in a bar fixed to the bottom of the screen, clear of the home indicator. Half a
        phone's width holds 'Add to Cart' on one line with narrow padding, and with its icon only from 360 px.
      */}
      <div
        ref={barRef}
        className="fixed inset-x-0 bottom-0 z-30 flex gap-2 border-t border-gray-200 bg-white px-3 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgba(0,0,0,0.08)] md:static md:z-auto md:border-0 md:p-0 md:shadow-none"
      >
        <Button
          variant="secondary"
          className={BAR_BUTTON}
          onClick={onAddToCart}
          disabled={outOfStock || buying}
          {...{ [TAPPED_LINE_ATTRIBUTES.line]: tappedLine, [TAPPED_LINE_ATTRIBUTES.added]: text.addedToCart }}
        >
          <ShoppingCart aria-hidden="true" className={BAR_ICON} />
          {text.addToCart}
        </Button>
        <Button className={BAR_BUTTON} onClick={onBuyNow} disabled={outOfStock} busy={buying}>
          <Zap aria-hidden="true" className={BAR_ICON} />
          {text.buyNow}
        </Button>
      </div>
    </div>
  );
}
