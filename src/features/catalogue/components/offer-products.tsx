import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/button';
import { isWaitingForNetwork } from '@/lib/online';
import { offerProductsQuery } from '../api';
import { OFFER_INITIAL, offerView, seeMore, showLess } from '../lib/offer-products';
import { ProductGrid, ProductGridSkeleton, type CardAction } from './product-grid';
import { ProductsEmpty, ProductsError, ProductsOffline } from './product-states';

/** Block 3 of the home page: every discounted product, biggest discount first, revealed 5 at a time. */
export function OfferProducts({ cardAction }: { cardAction?: CardAction }) {
  const result = useQuery(offerProductsQuery());
  const { data, isPending } = result;
  // Products seen before stay on screen when a later read fails; the error card is for having nothing to show.
  const isError = result.isError && !data;
  const [visible, setVisible] = useState(OFFER_INITIAL);
  const products = data?.data ?? [];
  const view = offerView(visible, products.length);
  return (
    <section aria-labelledby="home-offers" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-offers" className="text-xl font-bold text-gray-900 sm:text-2xl">
          Offer Products
        </h2>
        {!isPending && !isError && products.length > 0 && <p className="text-sm text-gray-600">{view.text}</p>}
      </div>
      {isWaitingForNetwork(result) ? (
        <ProductsOffline />
      ) : isPending ? (
        <ProductGridSkeleton count={OFFER_INITIAL} />
      ) : isError ? (
        <ProductsError />
      ) : products.length === 0 ? (
        <ProductsEmpty />
      ) : (
        <>
          <ProductGrid products={products.slice(0, view.shown)} cardAction={cardAction} label="Offer products" />
          {(view.canSeeMore || view.canShowLess) && (
            <div className="flex justify-center gap-3">
              {view.canSeeMore && (
                <Button variant="secondary" onClick={() => setVisible(seeMore)}>
                  See More
                </Button>
              )}
              {view.canShowLess && (
                <Button variant="ghost" onClick={() => setVisible(showLess)}>
                  Show Less
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
