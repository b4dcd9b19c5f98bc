import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { HOME_RECOMMENDED_COUNT } from '@contract/catalogue-constants';
import type { SortBy } from '@contract/catalogue';
import { buttonClassName } from '@/components/button';
import { Tabs } from '@/components/tabs';
import { useNearViewport } from '@/components/use-near-viewport';
import { isWaitingForNetwork } from '@/lib/online';
import { productsQuery } from '@/lib/product-queries';
import { ProductGrid, ProductGridSkeleton, type CardAction } from './product-grid';
import { ProductsEmpty, ProductsError, ProductsOffline } from './product-states';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';
import type catalogueEn from '@/messages/catalogue/en';

/** The tabs' orders, each named by its text. */
export const RECOMMENDED_TABS = [
  { id: 'newest', text: 'newArrivals' },
  { id: 'rating', text: 'topRatedTab' },
  { id: 'sales', text: 'bestSeller' },
] as const satisfies readonly { id: SortBy; text: keyof typeof catalogueEn }[];

/** The cards are rendered this far before the section scrolls into view, so they are in place when it arrives. */
const RENDER_ROOT_MARGIN = '600px';

/**
 * Holds the grid's place until the section nears the viewport, one element per card: the grid of ProductGrid, and
 * boxes sized like a ProductCard (bordered 4:3 image over 104 px of text, 112 px from `sm`), so nothing moves when
 * the cards arrive.
 */
function GridPlaceholder() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: HOME_RECOMMENDED_COUNT }, (_, i) => (
        // content-box: the aspect ratio sizes the image area and the padding adds the text's fixed height.
        <div key={i} className="box-content aspect-[4/3] rounded-lg border border-gray-200 pb-[104px] sm:pb-[112px]" />
      ))}
    </div>
  );
}

function TabPanel({ sortBy, cardAction }: { sortBy: SortBy; cardAction?: CardAction }) {
  const result = useQuery(productsQuery({ sortBy, limit: HOME_RECOMMENDED_COUNT }));
  const { data, isPending } = result;
  if (isWaitingForNetwork(result)) return <ProductsOffline />;
  if (isPending) return <ProductGridSkeleton count={HOME_RECOMMENDED_COUNT} columns="four" />;
  // Products seen before stay on screen when a later read fails.
  if (!data) return <ProductsError />;
  if (data.data.length === 0) return <ProductsEmpty />;
  return <ProductGrid products={data.data} cardAction={cardAction} columns="four" />;
}

/**
 * Block 4 of the home page: three tabs of 12 products each, with links to the full sorted listing. It is below the
 * fold, so its cards (and their query) wait until it nears the viewport, off the page's start-up work.
 */
export function RecommendedProducts({ cardAction }: { cardAction?: CardAction }) {
  const [sortBy, setSortBy] = useState<SortBy>(RECOMMENDED_TABS[0].id);
  const [panelRef, near] = useNearViewport(RENDER_ROOT_MARGIN);
  const text = useMessages(catalogueText);
  const tabs = RECOMMENDED_TABS.map((t) => ({ id: t.id, label: text[t.text] }));
  const tab = tabs.find((t) => t.id === sortBy) ?? tabs[0]!;

  return (
    <section aria-labelledby="home-recommended" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="home-recommended" className="text-xl font-bold text-gray-900 sm:text-2xl">
          {text.recommendedForYou}
        </h2>
        <Link
          to="/products"
          search={{ sortBy }}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-semibold text-brand-700 hover:underline"
        >
          {text.viewAll}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Tabs
        label={text.recommendedProducts}
        tabs={tabs}
        selected={sortBy}
        onSelect={setSortBy}
        className="space-y-4"
        panelClassName="space-y-4"
        panelRef={panelRef}
        sharedPanel={
          <>
            {near ? <TabPanel key={sortBy} sortBy={sortBy} cardAction={cardAction} /> : <GridPlaceholder />}
            <div className="flex justify-center">
              <Link to="/products" search={{ sortBy }} className={buttonClassName('secondary')}>
                {text.exploreMore(tab.label)}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </>
        }
      />
    </section>
  );
}
