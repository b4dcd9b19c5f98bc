import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { isWaitingForNetwork } from '@/lib/online';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { offerProductsQuery } from '@/lib/product-queries';
import { OFFER_INITIAL, offerView, seeMore, showLess } from '../lib/offer-products';
import { ProductGrid, ProductGridSkeleton, type CardAction } from './product-grid';
import { ProductsEmpty, ProductsError, ProductsOffline } from './product-states';
import { useFormat, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

/** True once the page has loaded and gone idle. */
function useLoadedAndIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Block 3 of the home page: every discounted product, biggest discount first, revealed 5 at a time. The first screen
 * needs the first five (what a page rendered on the server carries); the whole list, for 'See More' and kept for
 * offline use, is asked for once the page has loaded and gone idle, or at once when more are asked to be seen.
 */
export function OfferProducts({ cardAction }: { cardAction?: CardAction }) {
  const [visible, setVisible] = useState(OFFER_INITIAL);
  const idle = useLoadedAndIdle();
  const text = useMessages(catalogueText);
  const format = useFormat();
  const firstFive = useQuery(offerProductsQuery(OFFER_INITIAL));
  const all = useQuery({ ...offerProductsQuery(), enabled: idle || visible > OFFER_INITIAL });
  const result = all.data ? all : firstFive;
  const { data, isPending } = result;
  // Products seen before stay on screen when a later read fails; the error card is for having nothing to show.
  const isError = result.isError && !data;
  const products = data?.data ?? [];
  // Until the whole list is in, no more than its first five can show.
  const view = offerView(all.data ? visible : Math.min(visible, OFFER_INITIAL), data?.total ?? products.length);
  return (
    <section aria-labelledby="home-offers" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-offers" className="text-xl font-bold text-gray-900 sm:text-2xl">
          {text.offerProducts}
        </h2>
        {!isPending && !isError && products.length > 0 && (
          <p className="text-sm text-gray-600">{text.showingOf(format.count(view.shown), format.count(view.total))}</p>
        )}
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
          <ProductGrid products={products.slice(0, view.shown)} cardAction={cardAction} label={text.offerProductsList} />
          {(view.canSeeMore || view.canShowLess) && (
            <div className="flex justify-center gap-3">
              {view.canSeeMore && (
                <Button variant="secondary" onClick={() => setVisible(seeMore)}>
                  {text.seeMore}
                </Button>
              )}
              {view.canShowLess && (
                <Button variant="ghost" onClick={() => setVisible(showLess)}>
                  {text.showLess}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
