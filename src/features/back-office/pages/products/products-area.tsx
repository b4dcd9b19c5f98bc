import { useParams } from '@tanstack/react-router';
import type { Area } from '../../lib/products/product-api';
import { ProductEditorPage } from './product-editor-page';
import { ProductListPage } from './product-list-page';

/**
 * The product screens of one area under a single route (`/admin/products/*`, `/seller/products/*`): the list, `new`,
 * or a product's id. One route per area rather than three keeps the shopper's first-visit route table small.
 */
export function ProductsArea({ area, path }: { area: Area; path: string }) {
  const [first = '', ...rest] = path.split('/').filter(Boolean);
  if (first === '') return <ProductListPage area={area} />;
  if (first === 'new' && rest.length === 0) return <ProductEditorPage area={area} />;
  return <ProductEditorPage area={area} productId={decodeURIComponent(first)} />;
}

const useSplat = () => (useParams({ strict: false }) as { _splat?: string })._splat ?? '';

export function AdminProducts() {
  return <ProductsArea area="admin" path={useSplat()} />;
}

export function SellerProducts() {
  return <ProductsArea area="seller" path={useSplat()} />;
}
