import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { ProductCard } from '@/components/product-card';
import { OfflineNotice } from '@/components/offline-notice';
import { ProductCardSkeleton } from '@/components/product-card-skeleton';
import { isWaitingForNetwork } from '@/lib/online';
import { relatedProductsQuery, selectRelated } from '../api';
import { useMessages } from '@/i18n/react';
import { productText } from '@/messages/product';

type RelatedProductsProps = {
  product: Product;
  /** Drawn over each card's image, e.g. a wishlist heart. */
  cardAction?: (product: Product) => ReactNode;
};

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** 'Related Products': up to 8 of the same category, not this one; nothing at all when there are none or the call fails. */
export function RelatedProducts({ product, cardAction }: RelatedProductsProps) {
  const result = useQuery({
    ...relatedProductsQuery(product.productCategory._id),
    select: (list) => selectRelated(list, product._id),
  });
  // The server never reads them (they are below the first screen), so it draws the loading state; the page hydrates
  // with that, even when the saved cache restored beside it already holds them (a shopper who was here before).
  const hydrated = useHydrated();
  const isPending = result.isPending || !hydrated;
  const { data } = result;
  const offline = hydrated && isWaitingForNetwork(result);
  const text = useMessages(productText);
  if (!isPending && !data?.length) return null;
  return (
    <section aria-labelledby="related-products" className="mt-10">
      <h2 id="related-products" className="mb-4 text-xl font-bold text-gray-900">
        {text.relatedProducts}
      </h2>
      {offline ? (
        <OfflineNotice compact detail={text.relatedNotSaved} />
      ) : isPending ? (
        <div className={grid} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ul className={grid}>
          {data?.map((related) => (
            <li key={related._id}>
              <ProductCard product={related} action={cardAction?.(related)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
