import { createFileRoute, redirect } from '@tanstack/react-router';
import { WishlistPage } from '@/features/wishlist/pages/wishlist-page';
import { notify } from '@/lib/notify';
import { session } from '@/lib/session';
import { textsNow } from '@/i18n/messages';
import { appText } from '@/messages/app';

export const Route = createFileRoute('/_main/wishlist')({
  beforeLoad: ({ location, preload }) => {
    const { user, token } = session.get();
    if (user && token) return;
    // Hovering the link preloads the route: only a real visit says why it went to /login.
    if (!preload) notify.error(textsNow(appText).signInForWishlist);
    throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: WishlistPage,
});
