import { memo, Suspense } from 'react';
import { JsonLd, PageHead } from '@/components/page-head';
import { lazyPart, WhenNear } from '@/components/when-near';
import { pageContext } from '@/lib/page-context';
import { homeHead } from '../lib/home-head';
import { BannerSection } from '../components/banner-section';
import { CategoryStrip } from '../components/category-strip';
import { OfferProducts } from '../components/offer-products';
import type { CardAction } from '../components/product-grid';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

// Below the fold: its code and its hydration wait until it nears the screen.
const RecommendedProducts = lazyPart(() => import('../components/recommended-products').then((m) => m.RecommendedProducts));

const RECOMMENDED_ROOT_MARGIN = '600px';

/** Memoised: a section waiting to be hydrated must not be handed new props while the page starts (see WhenNear). */
const RecommendedWhenNear = memo(function RecommendedWhenNear({ cardAction }: { cardAction?: CardAction }) {
  return (
    <WhenNear rootMargin={RECOMMENDED_ROOT_MARGIN} load={RecommendedProducts.load}>
      <RecommendedProducts cardAction={cardAction} />
    </WhenNear>
  );
});

/** The home page's four blocks: categories, banners, offers, recommended. */
export function HomePage({ cardAction }: { cardAction?: CardAction }) {
  const text = useMessages(catalogueText);
  const { head, structuredData } = homeHead(pageContext().origin);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-4 sm:py-6">
      <PageHead {...head} />
      <JsonLd data={structuredData} />
      <h1 className="sr-only">{text.welcome}</h1>
      {/* Each block a Suspense boundary of its own: React hydrates a server-rendered page's boundaries one by one after
          the frame, in short slices between which the browser paints and handles input (the one tapped first), rather
          than with the frame in one long task. */}
      <Suspense>
        <CategoryStrip />
      </Suspense>
      <Suspense>
        <BannerSection />
      </Suspense>
      <Suspense>
        <OfferProducts cardAction={cardAction} />
      </Suspense>
      <RecommendedWhenNear cardAction={cardAction} />
    </div>
  );
}
