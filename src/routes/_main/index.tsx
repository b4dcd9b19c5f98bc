import { createFileRoute } from '@tanstack/react-router';
import { loadFirstReads } from '@/app/first-reads';
import { bannersQuery, categoriesQuery } from '@/features/catalogue/api';
import { offerProductsQuery } from '@/lib/product-queries';
import { OFFER_INITIAL } from '@/features/catalogue/lib/offer-products';
import { HomePage } from '@/features/catalogue/pages/home-page';
import { wishlistHeart } from '@/features/wishlist/components/wishlist-heart';

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
