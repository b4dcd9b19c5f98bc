import { createFileRoute } from '@tanstack/react-router';
import type { CardAction } from '@/features/catalogue/components/product-grid';
import { HomePage } from '@/features/catalogue/pages/home-page';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';

// The catalogue's cards carry the wishlist's heart; the two features meet here (the heart alone, not the wishlist page).
const wishlistHeart: CardAction = (product) => <WishlistHeart product={product} />;

export const Route = createFileRoute('/_main/')({
  component: HomeRoute,
});

function HomeRoute() {
  return <HomePage cardAction={wishlistHeart} />;
}
