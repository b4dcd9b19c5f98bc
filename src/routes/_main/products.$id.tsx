import { createFileRoute } from '@tanstack/react-router';
import type { Product } from '@contract/catalogue';
import { productQuery } from '@/lib/product-queries';
import { ProductDetailPage } from '@/features/product/pages/product-detail-page';
import { WishlistHeart } from '@/features/wishlist/components/wishlist-heart';

export const Route = createFileRoute('/_main/products/$id')({
  // Starts the product call while the route's code loads (and on link hover); the page shows its own loading and
  // 'Product not found' states, so a failure here must not throw.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(productQuery(params.id));
  },
  component: ProductRoute,
});

const wishlistHeart = (product: Product) => <WishlistHeart product={product} />;

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductDetailPage id={id} wishlistButton={wishlistHeart} cardAction={wishlistHeart} />;
}
