import { Link } from '@tanstack/react-router';
import { Share2, X } from 'lucide-react';
import { useId } from 'react';
import { productIn } from '@contract/bangla-names';
import type { Product } from '@contract/catalogue';
import { Checkbox } from '@/components/checkbox';
import { cn } from '@/components/cn';
import { Spinner } from '@/components/spinner';
import { Thumbnail } from '@/components/thumbnail';
import { notify } from '@/lib/notify';
import { useFormat, useMessages } from '@/i18n/react';
import { cartText } from '@/messages/cart';
import { wishlistText } from '@/messages/wishlist';
import { useToggleWishlist } from '../lib/list-changes';
import { addOneToCart, shareProduct } from '../lib/cart-actions';
import { serverMessage } from '../lib/messages';

const IMAGE_SIZE = 112;

/** Compact buttons: three fit side by side on a 360 px screen, each still 44 px high. */
const actionClass =
  'inline-flex min-h-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

type WishlistItemProps = {
  product: Product;
  customerId: string;
  selected: boolean;
  onSelectedChange: () => void;
  /** Above the fold: load the image at once. */
  priority: boolean;
};

export function WishlistItem({ product: given, customerId, selected, onSelectedChange, priority }: WishlistItemProps) {
  const product = productIn(useFormat().locale, given);
  const nameId = useId();
  const text = useMessages(wishlistText);
  const cartToasts = useMessages(cartText);
  const format = useFormat();
  const remove = useToggleWishlist(customerId);
  const outOfStock = product.remainingProducts <= 0;
  const discounted = product.productDiscount > 0 && product.productOriginalPrice > product.productPrice;
  const image = product.productImages[0];

  const removeFromWishlist = (onRemoved?: () => void) =>
    remove.mutate(
      { product, add: false },
      {
        onSuccess: onRemoved,
        onError: (error) => notify.error(serverMessage(error, text.removeFailed)),
      },
    );

  const moveToCart = () => {
    addOneToCart(product, cartToasts, format.locale);
    removeFromWishlist();
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3" aria-labelledby={nameId}>
      <div className="flex gap-3">
        <div className="relative shrink-0">
          <Thumbnail src={image} size={IMAGE_SIZE} alt={product.productName} priority={priority} className="size-28" iconClassName="size-8" />
          {outOfStock && (
            <div className="absolute inset-0 flex items-center justify-center rounded-md bg-gray-900/70 text-sm font-semibold text-white">
              {text.outOfStock}
            </div>
          )}
          <div className="absolute -top-3 -left-3">
            <Checkbox checked={selected} onChange={onSelectedChange} aria-label={text.select(product.productName)} />
          </div>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start gap-1">
            <h2 id={nameId} className="line-clamp-2 flex-1 text-sm leading-5 font-medium text-gray-900">
              <Link to="/products/$id" params={{ id: product._id }} className="rounded-sm hover:text-brand-700">
                {product.productName}
              </Link>
            </h2>
            <button
              type="button"
              onClick={() => removeFromWishlist(() => notify.success(text.itemRemoved))}
              disabled={remove.isPending}
              aria-label={text.removeNamed(product.productName)}
              title={text.remove}
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-60"
            >
              {remove.isPending ? <Spinner /> : <X aria-hidden="true" className="size-5" />}
            </button>
          </div>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-base font-bold text-brand-800">
              <span className="sr-only">{text.price} </span>
              {format.taka(product.productPrice)}
            </span>
            {discounted && (
              <del className="text-xs text-gray-600">
                <span className="sr-only">{text.originalPrice} </span>
                {format.taka(product.productOriginalPrice)}
              </del>
            )}
          </p>
          <p className={cn('text-sm', outOfStock ? 'font-medium text-red-800' : 'text-gray-700')}>
            {outOfStock ? text.unavailable : text.available(product.remainingProducts, format.count(product.remainingProducts))}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-[1fr_1fr_auto] gap-2">
        <button
          type="button"
          onClick={() => addOneToCart(product, cartToasts, format.locale)}
          disabled={outOfStock}
          aria-describedby={nameId}
          className={cn(actionClass, 'bg-brand-700 text-white hover:bg-brand-800')}
        >
          {text.addToCart}
        </button>
        <button
          type="button"
          onClick={moveToCart}
          disabled={outOfStock || remove.isPending}
          aria-describedby={nameId}
          className={cn(actionClass, 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50')}
        >
          {text.moveToCart}
        </button>
        <button
          type="button"
          onClick={() => void shareProduct(product, text)}
          aria-label={text.share}
          aria-describedby={nameId}
          title={text.copyLink}
          className={cn(actionClass, 'w-11 border border-gray-300 bg-white text-gray-700 hover:bg-gray-50')}
        >
          <Share2 aria-hidden="true" className="size-5" />
        </button>
      </div>
    </li>
  );
}
