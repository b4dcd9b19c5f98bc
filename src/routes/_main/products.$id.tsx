import { createFileRoute, notFound } from '@tanstack/react-router';
import { ProductDetailPage } from '@/features/product/pages/product-detail-page';
import { wishlistHeart } from '@/features/wishlist/components/wishlist-heart';
import { loadFirstReads } from '@/app/first-reads';
import { productQuery } from '@/lib/product-queries';

/** What a product id looks like (24 hex characters today): anything else is no product of ours, and not asked for. */
const PRODUCT_ID = /^[\w-]{1,64}$/;

export const Route = createFileRoute('/_main/products/$id')({
  ssr: true,
  beforeLoad: ({ params }) => {
    if (!PRODUCT_ID.test(params.id)) throw notFound();
  },
  // Starts the product call while the route's code loads (and on link hover); the page shows its own loading and
  // 'Product not found' states. Rendered on the server, a product that does not exist answers 404.
  loader: async ({ context, params }) => {
    const [product] = (await loadFirstReads(context.queryClient, [productQuery(params.id)])) ?? [];
    if (product === null && context.answer) context.answer.status = 404;
  },
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductDetailPage id={id} wishlistButton={wishlistHeart} cardAction={wishlistHeart} />;
}
