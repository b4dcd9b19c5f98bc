import { useRouter } from '@tanstack/react-router';
import { Heart } from 'lucide-react';
import type { Product } from '@contract/catalogue';
import { cn } from '@/components/cn';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useMessages } from '@/i18n/react';
import { wishlistHeartText } from '@/messages/wishlist-heart';
import { usePendingWishlistState, useWishlist, useWishlistChange } from '../api';

type WishlistHeartProps = {
  product: Product;
  className?: string;
};

/**
 * The heart on cards and the product page: reflects and toggles whether the product is in the customer's wishlist.
 * It shows where the product is going at once; offline the change waits and is sent when the connection returns.
 */
export function WishlistHeart({ product, className }: WishlistHeartProps) {
  const router = useRouter();
  const text = useMessages(wishlistHeartText);
  const { user, token } = useSession();
  const customerId = token && user?._id ? user._id : '';
  const wishlist = useWishlist();
  const change = useWishlistChange(customerId);
  const saved = wishlist.data?.some((item) => item._id === product._id) ?? false;
  const pressed = usePendingWishlistState(product._id) ?? saved;

  const onClick = () => {
    if (!user || !token) {
      notify.error(text.loginToManage);
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
      return;
    }
    if (!user._id) {
      notify.error(text.userNotFound);
      return;
    }
    change.mutate({ customerId, product, add: !pressed });
  };

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? text.remove : text.add}
      title={pressed ? text.remove : text.add}
      onClick={onClick}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full border border-gray-200 bg-white/95 text-gray-700 shadow-sm transition-colors hover:text-brand-700',
        pressed && 'border-brand-700 text-brand-700',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', pressed && 'fill-current')} />
    </button>
  );
}

/** The heart as a card's action: the catalogue's cards and the product page carry it where a route joins the two features. */
export const wishlistHeart = (product: Product) => <WishlistHeart product={product} />;
