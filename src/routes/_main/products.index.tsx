import { createFileRoute } from '@tanstack/react-router';
import type { CardAction } from '@/features/catalogue/components/product-grid';
import { parseListingSearch } from '@/features/catalogue/lib/listing-search';
import { ProductListingPage } from '@/features/catalogue/pages/product-listing-page';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';

// The catalogue's cards carry the wishlist's heart; the two features meet here (the heart alone, not the wishlist page).
const wishlistHeart: CardAction = (product) => <WishlistHeart product={product} />;

export const Route = createFileRoute('/_main/products/')({
  validateSearch: parseListingSearch,
  component: ProductsRoute,
});

function ProductsRoute() {
  const search = Route.useSearch();
  return <ProductListingPage search={search} cardAction={wishlistHeart} />;
}
