import { createFileRoute } from '@tanstack/react-router';
import { loadFirstReads } from '@/app/first-reads';
import { bannersQuery, categoriesQuery } from '@/features/catalogue/api';
import { offerProductsQuery } from '@/lib/product-queries';
import type { CardAction } from '@/features/catalogue/components/product-grid';
import { OFFER_INITIAL } from '@/features/catalogue/lib/offer-products';
import { HomePage } from '@/features/catalogue/pages/home-page';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';

// The catalogue's cards carry the wishlist's heart; the two features meet here (the heart alone, not the wishlist page).
const wishlistHeart: CardAction = (product) => <WishlistHeart product={product} />;

export const Route = createFileRoute('/_main/')({
  ssr: true,
  // What the home page shows above the fold: the category strip, the banners and the offers.
  loader: async ({ context }) => {
    await loadFirstReads(context.queryClient, [categoriesQuery(), bannersQuery(), offerProductsQuery(OFFER_INITIAL)]);
  },
  component: HomeRoute,
});

function HomeRoute() {
  return <HomePage cardAction={wishlistHeart} />;
}
